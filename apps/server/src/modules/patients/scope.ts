import { STATUS_MESSAGES } from '@portal/domain/messages';
import { AppError } from '../../plugins/errors';
import type { TSignedInUser } from '../auth/session-repository';

/**
 * Who may see which patients. Admins choose any payor; a patient sees only their own
 * record; everyone else sees only the patients of the payor on their account. Every
 * key a client sends passes through here before a row is read.
 */

const forbidden = () => new AppError('forbidden', STATUS_MESSAGES[403] ?? 'Forbidden');
export const notFound = (what = 'Patient') => new AppError('not_found', `${what} not found`);

export const isAdmin = (user: TSignedInUser) => user.role === 'admin';
export const isPatientUser = (user: TSignedInUser) =>
  user.role === 'patient' || (user.patient_key !== null && !isAdmin(user));

/** A payor named in a path: staff of another payor get 403, patients may not list at all. */
export const assertPayorListAccess = (user: TSignedInUser, payorKey: string) => {
  if (isAdmin(user)) {
    return;
  }
  if (isPatientUser(user) || user.payor_key === null || user.payor_key !== payorKey) {
    throw forbidden();
  }
};

/**
 * A payor named in the path of a single patient's call. A patient may name their own
 * payor (the patient check follows); staff of another payor get 403.
 */
export const assertPayorPathAccess = (user: TSignedInUser, payorKey: string) => {
  if (isAdmin(user) || isPatientUser(user)) {
    return;
  }
  if (user.payor_key === null || user.payor_key !== payorKey) {
    throw forbidden();
  }
};

/** Whether the user may see this patient (a row with its payor), whatever the path said. */
export const canSeePatient = (
  user: TSignedInUser,
  patient: { patient_key: string | null; payor_key: string | null },
): boolean => {
  if (isAdmin(user)) {
    return true;
  }
  if (isPatientUser(user)) {
    return user.patient_key !== null && patient.patient_key === user.patient_key;
  }
  return user.payor_key !== null && patient.payor_key === user.payor_key;
};

/** The patient row, if this user may see it under this payor; otherwise 404. */
export const requireVisiblePatient = <
  TPatient extends { patient_key: string | null; payor_key: string | null },
>(
  user: TSignedInUser,
  patient: TPatient | undefined,
  payorKey?: string,
): TPatient => {
  if (
    !patient ||
    (payorKey !== undefined && patient.payor_key !== payorKey) ||
    !canSeePatient(user, patient)
  ) {
    throw notFound();
  }
  return patient;
};
