import { DASHBOARD_MESSAGES } from '@portal/domain/patients-rules';
import { ApiError, ContractError } from '../../../lib/api-client';

/** An answer of the patient list without `success: true`: it breaks the contract. */
export class PatientListAnswerError extends ContractError {
  constructor() {
    super(DASHBOARD_MESSAGES.fetchPatients);
  }
}

/**
 * The list's error text: an answer without success is 'Failed to fetch patients',
 * anything else 'Failed to load patients' (core.md section 8).
 */
export const patientListErrorMessage = (error: unknown): string =>
  error instanceof PatientListAnswerError
    ? DASHBOARD_MESSAGES.fetchPatients
    : DASHBOARD_MESSAGES.loadPatients;

/** The server's own words for an API error; the fallback for anything else. */
export const apiErrorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError ? error.message : fallback;
