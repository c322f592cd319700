import { z } from 'zod';
import { ZAuthUser } from './auth-api';
import { ZLine, ZText } from './text';

/**
 * Multi-factor sign-in (issue 35): authenticator apps (TOTP, RFC 6238), passkeys (WebAuthn)
 * and recovery codes.
 *
 * POST /api/login                      a user with a factor gets a challenge, not a session
 * POST /api/login/second-factor        the challenge and a code (app or recovery): the session
 * GET  /api/profile/security           the user's factors and how many recovery codes are left
 * POST /api/profile/totp               starts enrolling an app: its key and otpauth:// address
 * POST /api/profile/totp/confirm       a code from the app: enrolled, and ten recovery codes
 * DELETE /api/profile/factors/:id      removes a factor (the password, or a fresh code)
 * POST /api/profile/recovery-codes     ten new recovery codes (the password); the old ones end
 * PATCH /api/profile/factors/:id       renames a factor (an app or a passkey)
 *
 * Passkeys (decisions.md, "Passkeys"): each call that asks the browser for a passkey first
 * gets its options and a ceremony token (single use, MFA_LIMITS.challengeMinutes), then sends
 * the ceremony back with what the browser answered.
 * POST /api/profile/passkeys/options   options to create a passkey (signed in)
 * POST /api/profile/passkeys           the new passkey, named: added (recovery codes if first)
 * POST /api/login/passkey/options      options to sign in with a passkey: after the password
 *                                      (with its challenge), or alone (a discoverable passkey)
 * POST /api/login/passkey              the passkey's answer: the session
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
  usePasskey: 'Use your passkey to finish signing in',
  passkeyWrong: 'That passkey did not work. Try again, or use another way to sign in.',
  passkeyAdded: 'Passkey added',
  passkeyAddedWithCodes: 'Passkey added. Keep your recovery codes somewhere safe.',
  passkeyNotAdded: 'The passkey could not be added. Try again.',
  passkeyTimedOut: 'Adding the passkey took too long. Start again.',
  passkeyKnown: 'This passkey is already added to your account.',
  noPasskey: 'This account has no passkey. Use another way to sign in.',
  passkeyUnavailable:
    'Passkeys need the portal on a domain name (its configured address is an IP address).',
  passkeyCancelled: 'The passkey prompt was closed or timed out. Try again when ready.',
  passkeyUnsupported: 'This browser cannot use passkeys. Use another way to sign in.',
  renamed: 'Sign-in method renamed',
  factorNotFound: 'Sign-in method not found',
} as const;

/** The second factors a sign-in may ask for. */
export const SECOND_FACTORS = ['totp', 'recovery_code'] as const;
export type TSecondFactor = (typeof SECOND_FACTORS)[number];

/** Every way a challenge may be answered: a code, or a passkey (its own calls). */
export const SIGN_IN_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type TSignInMethod = (typeof SIGN_IN_METHODS)[number];

export const FACTOR_KINDS = ['totp', 'passkey'] as const;
export type TFactorKind = (typeof FACTOR_KINDS)[number];

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
  methods: z.array(z.enum(SIGN_IN_METHODS)),
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
  kind: z.enum(FACTOR_KINDS),
  name: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** A passkey only: whether it also signs in without the password. */
  signs_in_alone: z.boolean().optional(),
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

/** A factor's new name. */
export const ZFactorRenameInput = z.object({
  name: ZLine().trim().min(1, 'Enter a name').max(MFA_LIMITS.factorName),
});
export type TFactorRenameInput = z.input<typeof ZFactorRenameInput>;

/** base64url, as WebAuthn's JSON forms carry bytes. */
const ZBase64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url');

/**
 * What the browser's passkey prompt answered (a PublicKeyCredential in its JSON form, as
 * @simplewebauthn/browser gives it): a new passkey's attestation or a sign-in's assertion.
 */
export const ZPasskeyCredential = z.object({
  id: ZBase64Url(1400).min(1),
  rawId: ZBase64Url(1400).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: ZBase64Url(4096).min(1),
    attestationObject: ZBase64Url(16_384).optional(),
    authenticatorData: ZBase64Url(4096).optional(),
    signature: ZBase64Url(1024).optional(),
    userHandle: ZBase64Url(128).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type TPasskeyCredential = z.input<typeof ZPasskeyCredential>;

/** Options for the browser's passkey prompt, and the ceremony to send back with its answer. */
export const ZPasskeyOptionsResponse = z.object({
  success: z.literal(true),
  /** Opaque, single use, valid MFA_LIMITS.challengeMinutes. */
  ceremony: z.string(),
  /** PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON, for the browser. */
  options: z.record(z.string(), z.unknown()),
});
export type TPasskeyOptionsResponse = z.infer<typeof ZPasskeyOptionsResponse>;

export const ZPasskeyRegistrationOptionsInput = z.object({
  /** Whether the passkey may also sign in without the password (a discoverable passkey). */
  passwordless: z.boolean().default(true),
});
export type TPasskeyRegistrationOptionsInput = z.input<typeof ZPasskeyRegistrationOptionsInput>;

export const ZPasskeyRegisterInput = z.object({
  ceremony: z.string().min(1).max(200),
  name: ZLine().trim().min(1, 'Enter a name').max(MFA_LIMITS.factorName).default('Passkey'),
  credential: ZPasskeyCredential,
});
export type TPasskeyRegisterInput = z.input<typeof ZPasskeyRegisterInput>;

export const ZPasskeyRegisterResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  factor: ZFactor,
  /** The user's first factor comes with ten recovery codes (shown once); otherwise absent. */
  recovery_codes: z.array(z.string()).optional(),
});
export type TPasskeyRegisterResponse = z.infer<typeof ZPasskeyRegisterResponse>;

export const ZPasskeySignInOptionsInput = z.object({
  /** The password step's challenge; without it, a sign-in with the passkey alone. */
  challenge: z.string().min(1).max(200).optional(),
  /** For a sign-in with the passkey alone (after a password, the password step's choice holds). */
  remember_me: z.boolean().default(false),
});
export type TPasskeySignInOptionsInput = z.input<typeof ZPasskeySignInOptionsInput>;

export const ZPasskeySignInInput = z.object({
  ceremony: z.string().min(1).max(200),
  credential: ZPasskeyCredential,
});
export type TPasskeySignInInput = z.input<typeof ZPasskeySignInInput>;
