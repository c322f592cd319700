import { describe, expect, it } from 'vitest';
import { ROLE_IDS, isRole, roleFromId } from './roles';

describe('roles', () => {
  it('maps the spec ids both ways', () => {
    expect(ROLE_IDS).toEqual({
      admin: 1,
      case_manager_admin: 2,
      case_manager: 3,
      patient: 4,
      customer_service: 5,
    });
    expect(roleFromId(4)).toBe('patient');
    expect(roleFromId(9)).toBeUndefined();
  });

  it('accepts only the spec role names', () => {
    expect(isRole('case_manager')).toBe(true);
    expect(isRole('superuser')).toBe(false);
    expect(isRole('toString')).toBe(false);
  });
});
