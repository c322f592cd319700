import { z } from 'zod';
import { AUTH_MESSAGES } from './messages';
import { ZLoginResponse, ZResetPasswordWithTokenInput, ZVerifyResetTokenInput } from './auth-api';

/**
 * First access without handed-out passwords (issue 35): how an admin gives a new account
 * its first password (an invitation email, or a temporary password shown once), and the
 * public calls of the invitation link.
 */

export const ACCESS_DELIVERIES = ['invitation', 'temporary_password'] as const;
export const ZAccessDelivery = z.enum(ACCESS_DELIVERIES);
export type TAccessDelivery = z.infer<typeof ZAccessDelivery>;

/** The screens' default: no password passes through the admin's hands. */
export const DEFAULT_ACCESS_DELIVERY: TAccessDelivery = 'invitation';

export const ACCESS_DELIVERY_LABELS: Record<TAccessDelivery, string> = {
  invitation: 'Send an invitation email',
  temporary_password: 'Show temporary passwords',
};

/** What the results tables and their CSVs say in place of a password for an invited user. */
export const INVITED = 'invited';

export const FIRST_ACCESS_MESSAGES = {
  temporaryPasswordExpired: AUTH_MESSAGES.temporaryPasswordExpired,
  invalidInvitation:
    'This invitation link is invalid, has expired or has already been used. Use Forgot password? to get a new link by email.',
  welcome: 'Welcome to the Supplier Portal',
  accepted: 'Your password is set. Welcome to the Supplier Portal.',
} as const;

export const ZVerifyInvitationInput = ZVerifyResetTokenInput;
export const ZVerifyInvitationResponse = z.object({
  valid: z.boolean(),
  email: z.string().optional(),
  error: z.string().optional(),
});
export type TVerifyInvitationResponse = z.infer<typeof ZVerifyInvitationResponse>;

export const ZAcceptInvitationInput = ZResetPasswordWithTokenInput;
export type TAcceptInvitationInput = z.infer<typeof ZAcceptInvitationInput>;
export const ZAcceptInvitationResponse = ZLoginResponse;
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponse>;

/** The CSV uploads name the choice in the query string (the body is the file). */
export const ZDeliveryQuery = z.object({ delivery: ZAccessDelivery.default('temporary_password') });
