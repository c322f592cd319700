import { generateSecret, generateURI, verify } from 'otplib';

/**
 * Authenticator-app codes (RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps, as every app
 * reads an otpauth:// address) through otplib. A code is accepted for the current step and
 * one step either side (a phone's clock a little off, a code typed as it turned over), and
 * each step at most once: the caller keeps the last accepted step and passes it back, and a
 * code of that step or an earlier one is refused, so a code seen over a shoulder or read
 * from a proxy's log cannot be used again.
 */

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Supplier Portal';

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** The address an app's QR scan reads: issuer, account and secret. */
export const otpauthUri = (secret: string, account: string) =>
  generateURI({ issuer: ISSUER, label: account, secret });

export type TTotpCheck = { valid: false } | { valid: true; step: number };

/**
 * Whether `code` is right at `now` (epoch ms) within one step of drift, and later than
 * `afterStep` (the last step this factor accepted; none before its first use).
 */
export const checkTotpCode = async (
  secret: string,
  code: string,
  options: { now: number; afterStep: number | null },
): Promise<TTotpCheck> => {
  if (!/^\d{6}$/.test(code)) {
    return { valid: false };
  }
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(options.now / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(options.afterStep === null ? {} : { afterTimeStep: options.afterStep }),
  });
  if (!result.valid) {
    return { valid: false };
  }
  // The functional API answers the offset from the current step (HOTP's answer has no time).
  const step =
    'timeStep' in result && typeof result.timeStep === 'number'
      ? result.timeStep
      : Math.floor(options.now / 1000 / TOTP_PERIOD_SECONDS) + result.delta;
  return { valid: true, step };
};
