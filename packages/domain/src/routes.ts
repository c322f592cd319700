import { ROLES, type TRole } from './roles';

/** Who may open a route: anyone, any signed-in user, or the listed roles. */
export type TRouteAccess = 'public' | 'signed_in' | readonly TRole[];

const STAFF = ['admin', 'case_manager', 'customer_service'] as const satisfies readonly TRole[];
const SUPPORT = [
  'admin',
  'case_manager',
  'patient',
  'customer_service',
] as const satisfies readonly TRole[];

/**
 * The route table of core.md section 2 (also staff-tools.md section 2). The web app
 * guards its screens with it and the server authorises the matching API calls.
 */
export const ROUTE_ACCESS = {
  '/login': 'public',
  '/forgot-password': 'public',
  '/reset-password': 'public',
  /** An invitation email's link (issue 35): the token authorises setting the first password. */
  '/accept-invitation': 'public',
  /** The link confirming a new email address: the token authorises it, signed in or not. */
  '/confirm-email': 'public',
  /** The public area (core.md: '/public/... no sign-in needed'): support hours and phone. */
  '/public/support': 'public',
  '/change-password': 'signed_in',
  '/dashboard': 'signed_in',
  '/patient-search': STAFF,
  '/intake': STAFF,
  /** Every order of the payor's patients in one list: beyond the spec (docs/decisions.md, "Worklist"). */
  '/worklist': STAFF,
  '/analytics': ['admin'],
  '/contact': SUPPORT,
  '/documents': STAFF,
  '/data-sync': ['admin', 'case_manager'],
  /** The Data Integrity page the Scheduler tab opens in a new tab: the console's roles. */
  '/data-sync/integrity': ['admin', 'case_manager'],
  '/admin/bulk-upload': ['admin'],
  '/admin/patient-portal-activation': ['admin'],
  '/admin/documentation': ['admin'],
  '/admin/audit': ['admin'],
  /**
   * Both route tables list four roles, but staff-tools.md section 6 says 'My Profile is for
   * any signed-in user': case_manager_admin too (docs/decisions.md, issue 29).
   */
  '/profile': 'signed_in',
  /** The signed-in user's notifications (issue 34); ?open=<id> opens one's order. */
  '/notifications': 'signed_in',
  /** A notification mail's unsubscribe link: its signed token authorises it, no sign-in. */
  '/unsubscribe': 'public',
  /** How many notifications went out, by email or in-app, per day (issue 34). */
  '/admin/notifications': ['admin'],
  /** Which roles must use two-step verification, who has enrolled, resets (issue 35). */
  '/admin/security': ['admin'],
  /**
   * Where a user whose role requires a second factor and who has none must add one before
   * anything else, as /change-password is for a forced password (issue 35).
   */
  '/security-setup': 'signed_in',
} as const satisfies Record<string, TRouteAccess>;

export type TAppPath = keyof typeof ROUTE_ACCESS;

/** The roles that may open a route; every role for public and signed-in routes. */
export const rolesFor = (path: TAppPath): readonly TRole[] => {
  const access: TRouteAccess = ROUTE_ACCESS[path];
  return typeof access === 'string' ? ROLES : access;
};

export const canOpen = (role: string, path: TAppPath): boolean =>
  rolesFor(path).some((allowed) => allowed === role);

/** Where a user who owes a second factor enrols (issue 35), as /change-password is for a password. */
export const SECURITY_SETUP_PATH: TAppPath = '/security-setup';

/** The public area's own page for any address under /public that names no page. */
export const PUBLIC_HOME: TAppPath = '/public/support';

/** Where a role lands after sign-in and after a password change (core.md section 6). */
export const landingPathFor = (role: string): TAppPath =>
  role === 'admin' ? '/admin/documentation' : '/dashboard';
