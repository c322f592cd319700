import type { TMfaUsersFilter } from './get-mfa-users';

/** Every query of the sign-in security screen sits under this root. */
export const MFA_ADMIN_KEY = ['admin', 'mfa'] as const;

export const mfaAdminKeys = {
  policy: [...MFA_ADMIN_KEY, 'policy'] as const,
  usersRoot: [...MFA_ADMIN_KEY, 'users'] as const,
  users: (filter: TMfaUsersFilter) => [...MFA_ADMIN_KEY, 'users', filter] as const,
};
