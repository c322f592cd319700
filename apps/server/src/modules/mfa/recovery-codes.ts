import { createHash, randomInt } from 'node:crypto';
import { MFA_LIMITS } from '@portal/domain/mfa-api';

/**
 * Recovery codes: ten per user, each 'xxxxx-xxxxx' of lower-case letters and digits (10
 * characters from 32, 50 bits), shown once and stored as SHA-256 of the user id and the
 * code. A fast hash is enough here: the codes are random, not chosen by people, each works
 * once, and tries go through the sign-in's rate limit; a slow hash would have to be run
 * against each of a user's ten codes on every try.
 */

/** Without 0/o and 1/l, which read alike on paper. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export const newRecoveryCodes = (count: number = MFA_LIMITS.recoveryCodes): string[] =>
  Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });

/** A code as typed, without case, spaces or the dash. */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();

export const hashRecoveryCode = (userId: number, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');
