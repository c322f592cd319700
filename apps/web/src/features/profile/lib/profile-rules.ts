import { ZodError } from 'zod';
import type { TAuthUser } from '@portal/domain/auth-api';
import { ApiError } from '../../../lib/api-client';

/** Order classification filters are for staff: no patient role and no patient key. */
export const showsClassificationFilters = (user: Pick<TAuthUser, 'role' | 'patient_key'>) =>
  user.role !== 'patient' && !user.patient_key;

/**
 * The spec's failure text, followed by the server's reason when it gave one the user can act
 * on (a taken email, a wrong password, a password rule), so the message says what to fix.
 */
export const failureText = (fallback: string, error: unknown) => {
  const reason =
    error instanceof ApiError && error.status >= 400 && error.status < 500
      ? error.serverError
      : error instanceof ZodError
        ? error.issues[0]?.message
        : undefined;
  return reason ? `${fallback}: ${reason}` : fallback;
};
