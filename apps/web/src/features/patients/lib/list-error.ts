import { DASHBOARD_MESSAGES } from '@portal/domain/patients-api';
import { ZodError } from 'zod';
import { ApiError } from '../../../lib/api-client';

/**
 * The list's error text: an answer without success (it fails the contract) is
 * 'Failed to fetch patients', anything else 'Failed to load patients'.
 */
export const patientListErrorMessage = (error: unknown): string =>
  error instanceof ZodError ? DASHBOARD_MESSAGES.fetchPatients : DASHBOARD_MESSAGES.loadPatients;

/** The server's own words for an API error; the fallback for anything else. */
export const apiErrorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError ? error.message : fallback;
