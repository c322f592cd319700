/** Role names and ids exactly as the spec lists them (staff-tools.md section 5). */
export const ROLE_IDS = {
  admin: 1,
  case_manager_admin: 2,
  case_manager: 3,
  patient: 4,
  customer_service: 5,
} as const;

export type TRole = keyof typeof ROLE_IDS;

export const ROLES = Object.keys(ROLE_IDS) as TRole[];

export const isRole = (value: unknown): value is TRole =>
  typeof value === 'string' && Object.hasOwn(ROLE_IDS, value);

export const roleFromId = (id: number): TRole | undefined =>
  ROLES.find((role) => ROLE_IDS[role] === id);

/** Permissions each role carries in its session claims. */
export const PERMISSIONS_BY_ROLE: Record<TRole, readonly string[]> = {
  admin: ['delete_documents', 'manage_users', 'manage_documentation', 'run_sync', 'view_analytics'],
  case_manager_admin: ['delete_documents'],
  case_manager: ['run_sync'],
  customer_service: [],
  patient: [],
};
