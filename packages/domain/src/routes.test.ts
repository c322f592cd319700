import { describe, expect, it } from 'vitest';
import { ROLES } from './roles';
import { ROUTE_ACCESS, canOpen, landingPathFor, rolesFor } from './routes';

describe('route access', () => {
  it('follows the spec table', () => {
    expect(rolesFor('/analytics')).toEqual(['admin']);
    expect(rolesFor('/data-sync')).toEqual(['admin', 'case_manager']);
    expect(rolesFor('/dashboard')).toEqual(ROLES);
    expect(ROUTE_ACCESS['/login']).toBe('public');
    expect(canOpen('case_manager', '/analytics')).toBe(false);
    expect(canOpen('patient', '/contact')).toBe(true);
    expect(canOpen('patient', '/documents')).toBe(false);
    expect(canOpen('case_manager_admin', '/profile')).toBe(false);
    expect(canOpen('nobody', '/dashboard')).toBe(false);
  });

  it('lands admins on the documentation and everyone else on the dashboard', () => {
    expect(landingPathFor('admin')).toBe('/admin/documentation');
    expect(landingPathFor('case_manager')).toBe('/dashboard');
    expect(landingPathFor('patient')).toBe('/dashboard');
  });
});
