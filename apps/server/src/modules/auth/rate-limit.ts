import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/errors';

const MINUTE = 60_000;

/** Brute-force limits (decisions.md, "Rate limits"). */
export const RATE_LIMITS = {
  /** Tries per client IP and per account within `windowMs`. */
  maxTries: 10,
  windowMs: 3 * MINUTE,
  /** Failed sign-ins per account within `failureWindowMs`, whatever the IPs. */
  maxFailures: 100,
  failureWindowMs: 60 * MINUTE,
} as const;

export type TAttemptKind = 'login' | 'forgot_password' | 'change_password';

const countSince = async (
  db: Kysely<Database>,
  where: { kind: TAttemptKind; scope: string; subject: string; since: number; failed?: boolean },
) => {
  let query = db
    .selectFrom('auth_attempts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', '=', where.kind)
    .where('scope', '=', where.scope)
    .where('subject', '=', where.subject)
    .where('at', '>', where.since);
  if (where.failed) {
    query = query.where('failed', '=', 1);
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
};

/**
 * Records an attempt for the client IP and for the account, then counts. Rows are written
 * before counting, so concurrent requests (in any process) cannot all slip under the limit.
 * Over a limit the rows are removed again, so hammering does not extend the block, and a
 * 429 is thrown. Returns the attempt ids so a failure can be marked.
 */
export const takeAttempt = async (
  db: Kysely<Database>,
  attempt: { kind: TAttemptKind; ip: string; account: string; now: number },
): Promise<string[]> => {
  const { kind, now } = attempt;
  const rows = [
    { scope: 'ip', subject: attempt.ip.slice(0, 255) },
    { scope: 'account', subject: attempt.account.slice(0, 255) },
  ].map((row) => ({ id: randomUUID(), kind, at: now, ...row }));
  await db.insertInto('auth_attempts').values(rows).execute();

  const since = now - RATE_LIMITS.windowMs;
  const tries = await Promise.all(rows.map((row) => countSince(db, { ...row, since })));
  const failures = await countSince(db, {
    kind,
    scope: 'account',
    subject: rows[1]!.subject,
    since: now - RATE_LIMITS.failureWindowMs,
    failed: true,
  });
  const ids = rows.map((row) => row.id);
  if (tries.some((count) => count > RATE_LIMITS.maxTries) || failures >= RATE_LIMITS.maxFailures) {
    await forgetAttempts(db, ids);
    throw new AppError('too_many_requests', AUTH_MESSAGES.tooManyRequests);
  }
  return ids;
};

/**
 * A successful sign-in is no guess: its rows go, so a hospital's staff behind one NAT address
 * can all sign in while failures and in-flight tries still count.
 */
export const forgetAttempts = (db: Kysely<Database>, ids: string[]) =>
  db.deleteFrom('auth_attempts').where('id', 'in', ids).execute();

export const markAttemptsFailed = (db: Kysely<Database>, ids: string[]) =>
  db.updateTable('auth_attempts').set({ failed: 1 }).where('id', 'in', ids).execute();

/** Attempts older than every window are no longer counted. */
export const pruneAttempts = (db: Kysely<Database>, now: number) =>
  db
    .deleteFrom('auth_attempts')
    .where('at', '<', now - RATE_LIMITS.failureWindowMs)
    .execute();
