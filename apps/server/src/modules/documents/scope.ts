import type { TSignedInUser } from '../auth/session-repository';
import { isAdmin, isPatientUser } from '../patients/scope';

/**
 * Which patients' documents a user may see, as a filter a query can apply. It reads the
 * patients module's rules (scope.ts there), so a document is visible exactly when its
 * patient is: admins every patient, a patient user their own, staff their payor's.
 * Single documents are checked with canSeePatient itself.
 */
export type TDocumentScope =
  | { kind: 'all' }
  | { kind: 'patient'; patientKey: string }
  | { kind: 'payor'; payorKey: string }
  | { kind: 'none' };

export const documentScope = (user: TSignedInUser): TDocumentScope => {
  if (isAdmin(user)) {
    return { kind: 'all' };
  }
  if (isPatientUser(user)) {
    return user.patient_key === null
      ? { kind: 'none' }
      : { kind: 'patient', patientKey: user.patient_key };
  }
  return user.payor_key === null ? { kind: 'none' } : { kind: 'payor', payorKey: user.payor_key };
};
