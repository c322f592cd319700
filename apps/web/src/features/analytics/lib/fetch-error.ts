import { ZodError } from 'zod';
import { ApiError } from '../../../lib/api-client';

/**
 * The error a panel shows for a failed call (staff-tools.md section 8): the spec's message
 * for an answer the server refused or the screen cannot read (never its raw JSON); a
 * network failure or time-out keeps its own words, and a 401 stays what it is.
 */
export const panelError = (error: unknown, refused: string): unknown => {
  if (error instanceof ZodError) {
    return new Error(refused);
  }
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status !== 401 &&
    error.status !== 408
  ) {
    return new ApiError(error.status, refused);
  }
  return error;
};
