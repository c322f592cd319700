import type { TAuthUser } from '@portal/domain/auth-api';
import { PERMISSIONS_BY_ROLE, isRole } from '@portal/domain/roles';
import { AppError } from '../../plugins/errors';
import type { TSignedInSession, TSignedInUser } from './session-repository';

/**
 * The user as the API shows it: flags as booleans, permissions from the role, and whether
 * the session still owes a second factor.
 */
export const toAuthUser = (
  user: TSignedInUser,
  session: Pick<TSignedInSession, 'mfa_enrolment_required'>,
): TAuthUser => {
  if (!isRole(user.role)) {
    // A row with an unknown role is a data error; it must not sign anyone in.
    throw new AppError('forbidden', "You don't have permission to perform this action.");
  }
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    role: user.role,
    payor_key: user.payor_key,
    patient_key: user.patient_key,
    password_reset_required: user.password_reset_required === 1,
    mfa_enrolment_required: session.mfa_enrolment_required === 1,
    filter_preferences_shown: user.filter_preferences_shown === 1,
    permissions: [...PERMISSIONS_BY_ROLE[user.role]],
  };
};
