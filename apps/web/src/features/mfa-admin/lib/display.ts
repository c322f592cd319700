import { formatDateTime } from '@portal/domain/format';
import type { TMfaRolePolicy, TMfaUser } from '@portal/domain/mfa-policy-api';
import type { TRole } from '@portal/domain/roles';
import { ApiError } from '../../../lib/api-client';

/** The roles as people say them (the spec's role names are for CSVs and the API). */
export const ROLE_LABELS: Record<TRole, string> = {
  admin: 'Admin',
  case_manager_admin: 'Case Manager Admin',
  case_manager: 'Case Manager',
  patient: 'Patient',
  customer_service: 'Customer Service',
};

export const ENROLMENT_LABELS = {
  all: 'All',
  enrolled: 'Enrolled',
  not_enrolled: 'Not enrolled',
} as const;

/** '12 of 40 enrolled', or that the role has no active user. */
export const enrolledText = (policy: Pick<TMfaRolePolicy, 'users' | 'enrolled'>) =>
  policy.users === 0
    ? 'No active users'
    : `${policy.enrolled.toLocaleString('en-US')} of ${policy.users.toLocaleString('en-US')} enrolled`;

const KIND_LABELS: Record<string, string> = { totp: 'Authenticator app', passkey: 'Passkey' };

/** "Authenticator app", "Passkey 'YubiKey'": the kind, and the name the user gave it. */
export const methodText = (factor: TMfaUser['factors'][number]) => {
  const kind = KIND_LABELS[factor.kind] ?? factor.kind;
  return factor.name && factor.name !== kind ? `${kind} '${factor.name}'` : kind;
};

/** "Authenticator app · Passkey 'YubiKey'", or '' for a user without one. */
export const methodsText = (user: Pick<TMfaUser, 'factors'>) =>
  user.factors.map(methodText).join(' · ');

/** When any of the user's methods was last used to sign in. */
export const lastUsedText = (user: Pick<TMfaUser, 'factors'>) => {
  if (user.factors.length === 0) {
    return 'N/A';
  }
  const latest = user.factors
    .map((factor) => factor.last_used_at)
    .filter((at): at is string => at !== null)
    .sort()
    .at(-1);
  return latest ? formatDateTime(latest) : 'Not used yet';
};

/** The role requires a factor and the user has none: they must add one at their next request. */
export const owesFactor = (user: Pick<TMfaUser, 'required' | 'factors'>) =>
  user.required && user.factors.length === 0;

/** What a failed call says: the server's reason (or its status's message), else the fallback. */
export const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;
