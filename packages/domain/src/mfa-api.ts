import { z } from 'zod';
import { ZAuthUser } from './auth-api';
import { ZLine, ZText } from './text';

/**
 * Multi-factor sign-in (issue 35), first part: authenticator apps (TOTP, RFC 6238) and
 * recovery codes.
 *
 * POST /api/login                      a user with a factor gets a challenge, not a session
 * POST /api/login/second-factor        the challenge and a code (app or recovery): the session
 * GET  /api/profile/security           the user's factors and how many recovery codes are left
 * POST /api/profile/totp               starts enrolling an app: its key and otpauth:// address
 * POST /api/profile/totp/confirm       a code from the app: enrolled, and ten recovery codes
 * DELETE /api/profile/factors/:id      removes a factor (the password, or a fresh code)
 * POST /api/profile/recovery-codes     ten new recovery codes (the password); the old ones end
 */

export const MFA_LIMITS = {
  /** A sign-in's second step must come within this time of the password. */
  challengeMinutes: 5,
  /** Codes one challenge may try before the user must sign in again. */
  challengeAttempts: 5,
  recoveryCodes: 10,
  factorName: 60,
} as const;

export const MFA_MESSAGES = {
  enterCode: 'Enter the 6-digit code from your authenticator app',
  enterRecoveryCode: 'Enter one of your recovery codes',
  codeWrong: 'That code did not work. Check your authenticator app and try again.',
  recoveryCodeWrong: 'That recovery code did not work, or it was used already.',
  challengeExpired: 'Your sign-in timed out. Enter your email and password again.',
  enrolled: 'Authenticator app added. Keep your recovery codes somewhere safe.',
  enrolCodeWrong:
    'That code did not match. Scan the QR code again or type the key, then enter the new code.',
  noEnrolment: 'Start adding an authenticator app first.',
  removed: 'Sign-in method removed',
  confirmRemoval: 'Enter your password or a current code from your authenticator app.',
  passwordWrong: 'Current password is incorrect',
  recoveryCodesShownOnce: 'Each code works once. They are shown only now: save or print them.',
} as const;

/** The second factors a sign-in may ask for. */
export const SECOND_FACTORS = ['totp', 'recovery_code'] as const;
export type TSecondFactor = (typeof SECOND_FACTORS)[number];

/** A 6-digit code, typed with or without a space in the middle. */
export const ZTotpCode = ZLine()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6 digits your app shows'));

/** A recovery code as shown (xxxxx-xxxxx), in any case, with or without the dash. */
export const ZRecoveryCode = ZLine()
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'A recovery code has 10 letters and digits'));

/** What POST /api/login answers a user with a factor: no session yet. */
export const ZMfaChallengeResponse = z.object({
  success: z.literal(true),
  mfa_required: z.literal(true),
  message: z.string(),
  /** Opaque; sent back with the code. Valid MFA_LIMITS.challengeMinutes, for this sign-in only. */
  challenge: z.string(),
  methods: z.array(z.enum(SECOND_FACTORS)),
});
export type TMfaChallengeResponse = z.infer<typeof ZMfaChallengeResponse>;

export const ZSecondFactorInput = z.object({
  challenge: z.string().min(1).max(200),
  method: z.enum(SECOND_FACTORS),
  code: ZText().max(40),
});
export type TSecondFactorInput = z.input<typeof ZSecondFactorInput>;

export const ZSecondFactorResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: ZAuthUser,
});

export const ZFactor = z.object({
  id: z.number().int(),
  kind: z.literal('totp'),
  name: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type TFactor = z.infer<typeof ZFactor>;

export const ZSecurityResponse = z.object({
  success: z.literal(true),
  factors: z.array(ZFactor),
  recovery_codes_left: z.number().int(),
});
export type TSecurityResponse = z.infer<typeof ZSecurityResponse>;

export const ZTotpStartResponse = z.object({
  success: z.literal(true),
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauth_uri: z.string(),
});
export type TTotpStartResponse = z.infer<typeof ZTotpStartResponse>;

export const ZTotpConfirmInput = z.object({
  code: ZTotpCode,
  name: ZLine().trim().min(1).max(MFA_LIMITS.factorName).default('Authenticator app'),
});
export type TTotpConfirmInput = z.input<typeof ZTotpConfirmInput>;

export const ZRecoveryCodesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Shown once; stored hashed. */
  recovery_codes: z.array(z.string()),
});
export type TRecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponse>;

/** Removing a factor or renewing the codes: the password, or a current app code. */
export const ZFactorConfirmation = z.object({
  password: ZText().max(1024).optional(),
  code: ZText().max(40).optional(),
});
export type TFactorConfirmation = z.infer<typeof ZFactorConfirmation>;
