import { createHash, randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/errors';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Password-guessing limits for sign-in and change-password (decisions.md, "Rate limits").
 * Only attempts on record count: failed ones and ones still being checked. A success and a
 * refusal remove their rows, so colleagues behind one address and a user who signs in after
 * a typo leave nothing behind, and hammering a closed door does not keep it closed.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * MINUTE,
  /** Tries one address makes at one account before each next try must wait. */
  pairFreeTries: 3,
  /** The first wait; each further try at the same account from the same address doubles it. */
  pairFirstDelayMs: SECOND,
  /**
   * Tries at one account, from all addresses, after which an address that has already tried
   * it is refused. An address with no try on record is still heard: the owner's right
   * password from their own device is never refused because someone else guessed.
   */
  accountMaxTries: 10,
  /** Tries from one address at all accounts: high, as a hospital's staff share one address. */
  addressMaxTries: 100,
} as const;

/** Forgot-password sends mail, so every request counts, successful or not. */
export const FORGOT_PASSWORD_LIMITS = {
  windowMs: 15 * MINUTE,
  accountMaxTries: 5,
  addressMaxTries: 30,
} as const;

/**
 * An email change mails the new address and the old one, so every request that passed the
 * password check counts, per account (user id) and per client address (issue 28).
 */
export const EMAIL_CHANGE_LIMITS = {
  windowMs: HOUR,
  accountMaxTries: 5,
  addressMaxTries: 20,
} as const;

/**
 * A passkey prompt's options store a ceremony before anyone is known (issue 35): every request
 * counts, per client address, so no one can fill the table.
 */
export const PASSKEY_PROMPT_LIMITS = {
  windowMs: 15 * MINUTE,
  accountMaxTries: 60,
  addressMaxTries: 60,
} as const;

export type TAttemptKind =
  | 'login'
  | 'forgot_password'
  | 'change_password'
  | 'email_change'
  /** A code from an authenticator app or a recovery code (issue 35), per account. */
  | 'second_factor'
  /** Options for a passkey sign-in's prompt, per address (the account is the address). */
  | 'passkey_prompt';

/**
 * The kinds that send mail, or store a row before anyone is known: every request counts,
 * against plain per-account and per-address caps.
 */
const MAIL_LIMITS: Partial<
  Record<TAttemptKind, { windowMs: number; accountMaxTries: number; addressMaxTries: number }>
> = {
  forgot_password: FORGOT_PASSWORD_LIMITS,
  email_change: EMAIL_CHANGE_LIMITS,
  passkey_prompt: PASSKEY_PROMPT_LIMITS,
};

const REFUSALS: Partial<Record<TAttemptKind, string>> = {
  email_change: PROFILE_MESSAGES.emailChangeTooMany,
};

/**
 * The address an attempt is counted under. An IPv6 client commonly holds a whole /64, so
 * counting single IPv6 addresses would give an attacker endless fresh ones.
 */
export const addressKey = (ip: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) {
    return mapped[1]!;
  }
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) {
    return ip;
  }
  const [head = '', tail] = bare.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // A trailing dotted IPv4 part fills two groups.
  const width = (groups: string[]) =>
    groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array<string>(8 - width(headGroups) - width(tailGroups)).fill('0'),
          ...tailGroups,
        ];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
};

type TScope = 'address' | 'account' | 'pair';
type TTally = { tries: number; firstAt: number | undefined; lastAt: number | undefined };

/** Tries on record per scope within the window, the caller's own rows left out. */
const tallies = async (
  db: Kysely<Database>,
  query: { kind: TAttemptKind; subjects: Record<TScope, string>; since: number; own: string[] },
): Promise<Record<TScope, TTally>> => {
  const rows = await db
    .selectFrom('auth_attempts')
    .select((eb) => [
      'scope',
      eb.fn.countAll().as('tries'),
      eb.fn.min('at').as('first_at'),
      eb.fn.max('at').as('last_at'),
    ])
    // Each branch is one range of the (kind, scope, subject, at) index.
    .where((eb) =>
      eb.or(
        Object.entries(query.subjects).map(([scope, subject]) =>
          eb.and([
            eb('kind', '=', query.kind),
            eb('scope', '=', scope),
            eb('subject', '=', subject),
            eb('at', '>', query.since),
          ]),
        ),
      ),
    )
    .where('id', 'not in', query.own)
    .groupBy('scope')
    .execute();
  const tally = (scope: TScope): TTally => {
    const row = rows.find((candidate) => candidate.scope === scope);
    return row
      ? { tries: Number(row.tries), firstAt: row.first_at, lastAt: row.last_at }
      : { tries: 0, firstAt: undefined, lastAt: undefined };
  };
  return { address: tally('address'), account: tally('account'), pair: tally('pair') };
};

/** Whether a sign-in or change-password try must be refused, given the tries on record. */
export const loginRefused = (counts: Record<TScope, TTally>, now: number) => {
  const { address, account, pair } = counts;
  if (address.tries >= LOGIN_LIMITS.addressMaxTries) {
    return true;
  }
  if (pair.tries > 0 && account.tries >= LOGIN_LIMITS.accountMaxTries) {
    return true;
  }
  if (pair.tries < LOGIN_LIMITS.pairFreeTries || pair.lastAt === undefined) {
    return false;
  }
  // Below accountMaxTries, so the wait tops out at 2^6 seconds before the pair is refused.
  const wait = LOGIN_LIMITS.pairFirstDelayMs * 2 ** (pair.tries - LOGIN_LIMITS.pairFreeTries);
  return now < pair.lastAt + wait;
};

const mailRequestRefused = (
  counts: Record<TScope, TTally>,
  limits: { accountMaxTries: number; addressMaxTries: number },
) =>
  counts.address.tries >= limits.addressMaxTries || counts.account.tries >= limits.accountMaxTries;

/**
 * How long a refused client should wait before its next try could pass (Retry-After): until
 * the oldest try of each full scope leaves the window, or until the pair's doubling wait ends.
 */
export const refusalWaitMs = (
  counts: Record<TScope, TTally>,
  options: {
    now: number;
    windowMs: number;
    caps: { address: number; account: number };
    pairWaitEndsAt?: number | undefined;
  },
) => {
  const { now, windowMs, caps } = options;
  const leaves = (tally: TTally) => (tally.firstAt ?? now) + windowMs - now;
  const waits = [
    counts.address.tries >= caps.address ? leaves(counts.address) : 0,
    counts.account.tries >= caps.account ? leaves(counts.account) : 0,
    (options.pairWaitEndsAt ?? now) - now,
  ];
  return Math.max(1000, ...waits);
};

/** When the pair's doubling wait ends, once past its free tries. */
const pairWaitEndsAt = (pair: TTally) =>
  pair.tries < LOGIN_LIMITS.pairFreeTries || pair.lastAt === undefined
    ? undefined
    : pair.lastAt + LOGIN_LIMITS.pairFirstDelayMs * 2 ** (pair.tries - LOGIN_LIMITS.pairFreeTries);

/** The hash keeps the pair's subject short and the email out of one more column. */
const pairSubject = (address: string, account: string) =>
  createHash('sha256').update(`${address}\n${account}`).digest('hex');

/**
 * Records an attempt for the client address, the account and the pair of both, then counts.
 * Rows are written before counting, so concurrent requests (in any process) cannot all slip
 * under a limit. A refused attempt's rows are removed again and a 429 is thrown. Returns the
 * attempt's row ids, for a success to remove.
 */
export const takeAttempt = async (
  db: Kysely<Database>,
  attempt: { kind: TAttemptKind; ip: string; account: string; now: number },
): Promise<string[]> => {
  const { kind, now } = attempt;
  const address = addressKey(attempt.ip).slice(0, 255);
  const account = attempt.account.slice(0, 255);
  const subjects: Record<TScope, string> = {
    address,
    account,
    pair: pairSubject(address, account),
  };
  const rows = Object.entries(subjects).map(([scope, subject]) => ({
    id: randomUUID(),
    kind,
    scope,
    subject,
    at: now,
  }));
  await db.insertInto('auth_attempts').values(rows).execute();
  const own = rows.map((row) => row.id);
  const mailLimits = MAIL_LIMITS[kind];
  const windowMs = mailLimits?.windowMs ?? LOGIN_LIMITS.windowMs;
  const counts = await tallies(db, { kind, subjects, since: now - windowMs, own });
  if (mailLimits ? mailRequestRefused(counts, mailLimits) : loginRefused(counts, now)) {
    await forgetAttempts(db, own);
    const retryAfterMs = refusalWaitMs(counts, {
      now,
      windowMs,
      caps: mailLimits
        ? { address: mailLimits.addressMaxTries, account: mailLimits.accountMaxTries }
        : { address: LOGIN_LIMITS.addressMaxTries, account: LOGIN_LIMITS.accountMaxTries },
      pairWaitEndsAt: mailLimits ? undefined : pairWaitEndsAt(counts.pair),
    });
    throw new AppError('too_many_requests', REFUSALS[kind] ?? AUTH_MESSAGES.tooManyRequests, {
      retryAfterMs,
    });
  }
  return own;
};

/** A successful sign-in is no guess: its rows go. */
export const forgetAttempts = (db: Kysely<Database>, ids: string[]) =>
  db.deleteFrom('auth_attempts').where('id', 'in', ids).execute();

/** Attempts older than every window are no longer counted. */
export const pruneAttempts = (db: Kysely<Database>, now: number) =>
  db
    .deleteFrom('auth_attempts')
    .where(
      'at',
      '<',
      now -
        Math.max(
          LOGIN_LIMITS.windowMs,
          FORGOT_PASSWORD_LIMITS.windowMs,
          EMAIL_CHANGE_LIMITS.windowMs,
        ),
    )
    .execute();
