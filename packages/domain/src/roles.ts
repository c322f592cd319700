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

/**
 * Editing sync mappings and groups, and running ad-hoc mappings: writing warehouse SQL
 * (raw_query, sql_query, filter conditions) that fills portal tables. Admin work only;
 * run_sync (start and schedule the groups admins made) stays with case managers.
 */
export const EDIT_SYNC_MAPPINGS = 'edit_sync_mappings';

/** Permissions each role carries in its session claims. */
export const PERMISSIONS_BY_ROLE: Record<TRole, readonly string[]> = {
  admin: [
    'delete_documents',
    'manage_users',
    'manage_documentation',
    'run_sync',
    EDIT_SYNC_MAPPINGS,
    'view_analytics',
  ],
  // No delete_documents: the route tables keep this role off /documents, and a permission
  // for a screen the role cannot open promised what it could not do (issue 29).
  case_manager_admin: [],
  case_manager: ['run_sync'],
  customer_service: [],
  patient: [],
};
