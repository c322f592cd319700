import { describe, expect, it } from 'vitest';
import { PERMISSIONS_BY_ROLE, ROLES, type TRole } from './roles';
import { ROUTE_ACCESS, canOpen, landingPathFor, rolesFor, type TAppPath } from './routes';

/**
 * Who may open each route, written out from core.md and staff-tools.md section 2 (the two
 * route tables agree) and staff-tools.md section 6 ('My Profile is for any signed-in user').
 * Columns: admin, case_manager_admin, case_manager, patient, customer_service.
 */
const MATRIX: Record<TAppPath, [boolean, boolean, boolean, boolean, boolean]> = {
  '/login': [true, true, true, true, true],
  '/forgot-password': [true, true, true, true, true],
  '/reset-password': [true, true, true, true, true],
  '/accept-invitation': [true, true, true, true, true],
  '/confirm-email': [true, true, true, true, true],
  '/public/support': [true, true, true, true, true],
  '/change-password': [true, true, true, true, true],
  '/dashboard': [true, true, true, true, true],
  '/patient-search': [true, false, true, false, true],
  '/intake': [true, false, true, false, true],
  '/worklist': [true, false, true, false, true],
  '/analytics': [true, false, false, false, false],
  '/contact': [true, false, true, true, true],
  '/documents': [true, false, true, false, true],
  '/data-sync': [true, false, true, false, false],
  '/data-sync/integrity': [true, false, true, false, false],
  '/admin/bulk-upload': [true, false, false, false, false],
  '/admin/patient-portal-activation': [true, false, false, false, false],
  '/admin/documentation': [true, false, false, false, false],
  '/admin/audit': [true, false, false, false, false],
  '/profile': [true, true, true, true, true],
  '/notifications': [true, true, true, true, true],
  '/unsubscribe': [true, true, true, true, true],
  '/admin/notifications': [true, false, false, false, false],
  '/admin/security': [true, false, false, false, false],
  '/security-setup': [true, true, true, true, true],
};
const COLUMNS: TRole[] = [
  'admin',
  'case_manager_admin',
  'case_manager',
  'patient',
  'customer_service',
];

describe('route access', () => {
  it('covers every route of the table', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
    expect([...COLUMNS].sort()).toEqual([...ROLES].sort());
  });

  it.each(Object.entries(MATRIX) as [TAppPath, boolean[]][])(
    '%s opens for exactly the roles the spec gives it',
    (path, allowed) => {
      expect(COLUMNS.map((role) => canOpen(role, path))).toEqual(allowed);
    },
  );

  it('keeps the public area and the sign-in screens public, and profile signed in', () => {
    expect(ROUTE_ACCESS['/login']).toBe('public');
    expect(ROUTE_ACCESS['/public/support']).toBe('public');
    expect(ROUTE_ACCESS['/profile']).toBe('signed_in');
    expect(rolesFor('/analytics')).toEqual(['admin']);
    expect(rolesFor('/dashboard')).toEqual(ROLES);
    expect(canOpen('nobody', '/dashboard')).toBe(false);
  });

  it('gives no role a permission for a screen it cannot open', () => {
    const holders = ROLES.filter((role) => PERMISSIONS_BY_ROLE[role].includes('delete_documents'));
    expect(holders.every((role) => canOpen(role, '/documents'))).toBe(true);
  });

  it('lands admins on the documentation and everyone else on the dashboard', () => {
    expect(landingPathFor('admin')).toBe('/admin/documentation');
    expect(landingPathFor('case_manager')).toBe('/dashboard');
    expect(landingPathFor('case_manager_admin')).toBe('/dashboard');
    expect(landingPathFor('patient')).toBe('/dashboard');
  });
});
