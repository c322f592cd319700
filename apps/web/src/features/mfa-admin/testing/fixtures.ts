import type {
  TMfaPolicyResponse,
  TMfaRolePolicy,
  TMfaUser,
  TMfaUsersResponse,
} from '@portal/domain/mfa-policy-api';
import { ROLES } from '@portal/domain/roles';

/** Made-up answers for component tests: shaped by the contract, no server involved. */
const COUNTS: Record<TMfaRolePolicy['role'], [number, number]> = {
  admin: [3, 2],
  case_manager_admin: [0, 0],
  case_manager: [40, 12],
  patient: [900, 15],
  customer_service: [8, 8],
};

export const policyAnswer = (required: TMfaRolePolicy['role'][] = []): TMfaPolicyResponse => ({
  success: true,
  roles: ROLES.map((role) => ({
    role,
    required: required.includes(role),
    users: COUNTS[role][0],
    enrolled: COUNTS[role][1],
    updated_at: null,
  })),
});

export const mfaUser = (overrides: Partial<TMfaUser> = {}): TMfaUser => ({
  id: 7,
  email: 'jane.cm@example.com',
  username: 'jane.cm',
  role: 'case_manager',
  required: true,
  factors: [
    {
      kind: 'totp',
      name: 'Authenticator app',
      created_at: '2026-11-20T15:00:00.000Z',
      last_used_at: '2026-11-27T15:24:00.000Z',
    },
    {
      kind: 'passkey',
      name: 'YubiKey',
      created_at: '2026-11-21T15:00:00.000Z',
      last_used_at: null,
    },
  ],
  recovery_codes_left: 9,
  ...overrides,
});

export const usersAnswer = (
  users: TMfaUser[],
  overrides: Partial<TMfaUsersResponse> = {},
): TMfaUsersResponse => ({
  success: true,
  users,
  total: users.length,
  page: 1,
  page_size: 25,
  ...overrides,
});
