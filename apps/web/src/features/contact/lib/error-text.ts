import { ZodError } from 'zod';
import { CONTACT_MESSAGES } from '@portal/domain/contact';
import { ApiError } from '../../../lib/api-client';

/**
 * What the banner says when sending failed (staff-tools.md section 8): a network failure in
 * its own words, otherwise the server's error text, otherwise the form's fallback.
 */
export const contactErrorText = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.status === 0) {
      return CONTACT_MESSAGES.network;
    }
    return error.serverError ?? CONTACT_MESSAGES.failed;
  }
  if (error instanceof ZodError) {
    return error.issues[0]?.message ?? CONTACT_MESSAGES.failed;
  }
  return CONTACT_MESSAGES.failed;
};
