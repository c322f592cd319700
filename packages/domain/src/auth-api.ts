import { z } from 'zod';
import { ROLES, type TRole } from './roles';
import { ZLine, ZText } from './text';

/**
 * Request and response bodies of the sign-in and password calls (core.md section 7).
 * The server validates and serialises with them; the web app parses answers with them.
 */

// Upper bounds keep hashing and parsing cheap; real values are far shorter.
const ZPasswordField = ZText().max(1024);
const ZEmailField = ZLine().trim().min(1).max(255);

export const ZAuthUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  role: z.enum(ROLES as [TRole, ...TRole[]]),
  payor_key: z.string().nullable(),
  patient_key: z.string().nullable(),
  password_reset_required: z.boolean(),
  /**
   * The user's role requires a second factor and they have none (issue 35): until they
   * enrol one, only enrolment, check-auth and logout answer.
   */
  mfa_enrolment_required: z.boolean(),
  filter_preferences_shown: z.boolean(),
  permissions: z.array(z.string()),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

export const ZSuccessMessage = z.object({ success: z.boolean(), message: z.string() });
export type TSuccessMessage = z.infer<typeof ZSuccessMessage>;

export const ZLoginInput = z.object({
  email: ZEmailField,
  password: ZPasswordField.min(1),
  remember_me: z.boolean().default(false),
});
export type TLoginInput = z.input<typeof ZLoginInput>;

export const ZLoginResponse = ZSuccessMessage.extend({ user: ZAuthUser });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZCheckAuthResponse = z.object({
  authenticated: z.boolean(),
  user: ZAuthUser,
  claims: z.object({ permissions: z.array(z.string()) }),
});
export type TCheckAuthResponse = z.infer<typeof ZCheckAuthResponse>;

export const ZRefreshResponse = z.object({ success: z.boolean() });

export const ZForgotPasswordInput = z.object({ email: ZEmailField });
export type TForgotPasswordInput = z.infer<typeof ZForgotPasswordInput>;

export const ZResetToken = ZLine().trim().min(1).max(256);

export const ZVerifyResetTokenInput = z.object({ token: ZResetToken });
export const ZVerifyResetTokenResponse = z.object({
  valid: z.boolean(),
  email: z.string().optional(),
  error: z.string().optional(),
});
export type TVerifyResetTokenResponse = z.infer<typeof ZVerifyResetTokenResponse>;

export const ZResetPasswordWithTokenInput = z.object({
  token: ZResetToken,
  new_password: ZPasswordField.min(1),
});
export type TResetPasswordWithTokenInput = z.infer<typeof ZResetPasswordWithTokenInput>;

/** current_password may be left out only while the user must set a first password. */
export const ZChangePasswordInput = z.object({
  current_password: ZPasswordField.optional(),
  new_password: ZPasswordField.min(1),
});
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;
