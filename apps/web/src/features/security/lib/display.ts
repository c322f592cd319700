import { formatDateTime, formatInstantDate } from '@portal/domain/format';
import type { TFactor } from '@portal/domain/mfa-api';
import { ApiError } from '../../../lib/api-client';

/** The name a downloaded set of recovery codes is saved under. */
export const RECOVERY_CODES_FILE = 'supplier-portal-recovery-codes.txt';

/** A base32 key in groups of four, as people read it out and type it into an app. */
export const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** 'Added 11/28/2026 · Last used 11/28/2026, 9:14 AM', or 'Not used yet'. */
export const factorDates = (factor: Pick<TFactor, 'created_at' | 'last_used_at'>) =>
  `Added ${formatInstantDate(factor.created_at)} · ${
    factor.last_used_at ? `Last used ${formatDateTime(factor.last_used_at)}` : 'Not used yet'
  }`;

export const recoveryCodesLeftText = (left: number) =>
  left === 1 ? '1 recovery code left' : `${left} recovery codes left`;

/** The text file 'Download codes' saves: what the codes are for, then one code a line. */
export const recoveryCodesFile = (codes: readonly string[], at = new Date()) =>
  [
    'Supplier Portal recovery codes',
    `Made ${formatDateTime(at)}. Each code signs you in once, instead of a code from your authenticator app.`,
    '',
    ...codes,
    '',
  ].join('\r\n');

/** What a failed call says: the server's reason (or its status's message), else the fallback. */
export const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;
