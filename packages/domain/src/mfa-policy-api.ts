import { z } from 'zod';
import { ROLES, type TRole } from './roles';
import { ZLine } from './text';

/**
 * Multi-factor sign-in (issue 35), the admin's part: which roles must have a second factor,
 * who has enrolled, and resetting a user's factors.
 *
 * GET    /api/admin/mfa/policy           per role: required or optional, and how many enrolled
 * PUT    /api/admin/mfa/policy           the roles that require a factor (the rest optional)
 * GET    /api/admin/mfa/users            users and their sign-in methods, searched and paged
 * DELETE /api/admin/mfa/users/:id/factors  removes a user's factors and recovery codes, ends
 *                                        their sessions, tells them by email
 *
 * A user whose role requires a factor and who has none is signed in with an owed enrolment:
 * every route answers 403 'Two-step verification required' (AUTH_MESSAGES) but enrolment,
 * check-auth and logout, and the web app sends them to SECURITY_SETUP_PATH (routes.ts).
 */

export const MFA_POLICY_MESSAGES = {
  saved: 'Sign-in policy saved',
  reset: 'Sign-in methods reset. The user was told by email and must sign in again.',
  lastFactorRequired:
    'Your role requires two-step verification. Add another sign-in method before removing this one.',
  noFactors: 'This user has no sign-in methods to reset.',
  enrolYourselfFirst:
    'Add two-step verification to your own account (My Profile › Security) before requiring it for your role.',
  userNotFound: 'User not found',
} as const;

export const MFA_USERS_PAGE_SIZE = 25;

const ZRole = z.enum(ROLES as [TRole, ...TRole[]]);

export const ZMfaRolePolicy = z.object({
  role: ZRole,
  required: z.boolean(),
  /** Active users with this role, and how many of them have a second factor. */
  users: z.number().int(),
  enrolled: z.number().int(),
  /** ISO 8601; null while the role has never been set (optional). */
  updated_at: z.string().nullable(),
});
export type TMfaRolePolicy = z.infer<typeof ZMfaRolePolicy>;

export const ZMfaPolicyResponse = z.object({
  success: z.literal(true),
  roles: z.array(ZMfaRolePolicy),
});
export type TMfaPolicyResponse = z.infer<typeof ZMfaPolicyResponse>;

export const ZMfaPolicyInput = z.object({
  /** Every role listed requires a factor; every role not listed is optional. */
  required_roles: z.array(ZRole).max(ROLES.length),
});
export type TMfaPolicyInput = z.infer<typeof ZMfaPolicyInput>;

export const MFA_ENROLMENT_FILTERS = ['all', 'enrolled', 'not_enrolled'] as const;

export const ZMfaUsersQuery = z.object({
  search: ZLine().trim().max(100).optional(),
  role: ZRole.optional(),
  enrolment: z.enum(MFA_ENROLMENT_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TMfaUsersQuery = z.input<typeof ZMfaUsersQuery>;

export const ZMfaUserFactor = z.object({
  kind: z.string(),
  name: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const ZMfaUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  role: ZRole,
  /** Whether the user's role requires a factor now. */
  required: z.boolean(),
  factors: z.array(ZMfaUserFactor),
  recovery_codes_left: z.number().int(),
});
export type TMfaUser = z.infer<typeof ZMfaUser>;

export const ZMfaUsersResponse = z.object({
  success: z.literal(true),
  users: z.array(ZMfaUser),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TMfaUsersResponse = z.infer<typeof ZMfaUsersResponse>;
