import type { Kysely } from 'kysely';
import { MFA_LIMITS, SIGN_IN_METHODS } from '@portal/domain/mfa-api';
import type { Database } from '../../db/schema';

/** A user's second factors and recovery codes, and sign-ins that still owe a factor. */

export const confirmedFactors = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('user_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .orderBy('id')
    .execute();

export const hasConfirmedFactor = async (db: Kysely<Database>, userId: number) =>
  (await db
    .selectFrom('user_factors')
    .select('id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .limit(1)
    .executeTakeFirst()) !== undefined;

export const pendingTotp = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('user_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'totp')
    .where('confirmed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** A new app being enrolled replaces one the user started and never confirmed. */
export const startTotp = (
  db: Kysely<Database>,
  options: { userId: number; secret: string; now: number },
) =>
  db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('user_factors')
      .where('user_id', '=', options.userId)
      .where('confirmed_at', 'is', null)
      .execute();
    await trx
      .insertInto('user_factors')
      .values({
        user_id: options.userId,
        kind: 'totp',
        name: 'Authenticator app',
        secret: options.secret,
        confirmed_at: null,
        last_step: null,
        created_at: options.now,
        last_used_at: null,
      })
      .execute();
  });

/**
 * Takes a code's step for the factor: only if it is later than the last one taken, in one
 * conditional update, so two requests with the same code cannot both pass.
 */
export const takeStep = async (
  db: Kysely<Database>,
  options: { factorId: number; step: number; now: number; confirm?: { name: string } },
) => {
  const result = await db
    .updateTable('user_factors')
    .set({
      last_step: options.step,
      // The enrolment's code proves the app works; its first sign-in is its first use.
      ...(options.confirm
        ? { confirmed_at: options.now, name: options.confirm.name }
        : { last_used_at: options.now }),
    })
    .where('id', '=', options.factorId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', options.step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const resealSecret = (db: Kysely<Database>, factorId: number, secret: string) =>
  db.updateTable('user_factors').set({ secret }).where('id', '=', factorId).execute();

export const removeFactor = async (db: Kysely<Database>, userId: number, factorId: number) => {
  const result = await db
    .deleteFrom('user_factors')
    .where('id', '=', factorId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
};

export const replaceRecoveryCodes = (
  db: Kysely<Database>,
  options: { userId: number; hashes: string[]; now: number },
) =>
  db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', options.userId).execute();
    if (options.hashes.length === 0) {
      return;
    }
    await trx
      .insertInto('user_recovery_codes')
      .values(
        options.hashes.map((hash) => ({
          user_id: options.userId,
          code_hash: hash,
          created_at: options.now,
          used_at: null,
        })),
      )
      .execute();
  });

/** Spends a recovery code: true once, for an unused code of this user. */
export const spendRecoveryCode = async (
  db: Kysely<Database>,
  options: { userId: number; hash: string; now: number },
) => {
  const result = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: options.now })
    .where('user_id', '=', options.userId)
    .where('code_hash', '=', options.hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const recoveryCodesLeft = async (db: Kysely<Database>, userId: number) => {
  const { n } = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return n;
};

export const insertChallenge = (
  db: Kysely<Database>,
  options: { id: string; userId: number; rememberMe: boolean; now: number },
) =>
  db
    .insertInto('login_challenges')
    .values({
      id: options.id,
      user_id: options.userId,
      remember_me: options.rememberMe ? 1 : 0,
      created_at: options.now,
      expires_at: options.now + MFA_LIMITS.challengeMinutes * 60_000,
      used_at: null,
    })
    .execute();

/** A live challenge (not spent, not expired, tries left), read without taking a try. */
export const liveChallenge = (db: Kysely<Database>, id: string, now: number) =>
  db
    .selectFrom('login_challenges')
    .selectAll()
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', MFA_LIMITS.challengeAttempts)
    .executeTakeFirst();

/** The sign-in methods a user's factors offer a challenge: codes, passkeys, recovery codes. */
export const signInMethods = async (db: Kysely<Database>, userId: number) => {
  const kinds = new Set((await confirmedFactors(db, userId)).map((factor) => factor.kind));
  return SIGN_IN_METHODS.filter((method) => method === 'recovery_code' || kinds.has(method));
};

/** Renames one of the user's factors; false when it is not theirs. */
export const renameFactor = async (
  db: Kysely<Database>,
  options: { userId: number; factorId: number; name: string },
) => {
  const result = await db
    .updateTable('user_factors')
    .set({ name: options.name })
    .where('id', '=', options.factorId)
    .where('user_id', '=', options.userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/**
 * Counts one code against a live challenge and answers it; undefined when it is unknown,
 * spent, expired or out of tries. The count moves first, so parallel guesses each take a try.
 */
export const takeChallengeTry = async (db: Kysely<Database>, id: string, now: number) => {
  const result = await db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', MFA_LIMITS.challengeAttempts)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    return undefined;
  }
  return db.selectFrom('login_challenges').selectAll().where('id', '=', id).executeTakeFirst();
};

/** Marks the challenge used; false when another request used it first. */
export const finishChallenge = async (db: Kysely<Database>, id: string, now: number) => {
  const result = await db
    .updateTable('login_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
