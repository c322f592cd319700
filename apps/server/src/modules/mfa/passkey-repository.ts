import type { Kysely } from 'kysely';
import { MFA_LIMITS } from '@portal/domain/mfa-api';
import { dialectOfDb } from '../../db/database';
import type { Database } from '../../db/schema';

/** Passkeys and the prompts (ceremonies) the server waits on (migration 0030). */

export type TCeremonyPurpose = 'register' | 'second_factor' | 'sign_in';

export const insertCeremony = (
  db: Kysely<Database>,
  options: {
    id: string;
    purpose: TCeremonyPurpose;
    userId: number | null;
    loginChallengeId?: string | undefined;
    challenge: string;
    rememberMe?: boolean;
    passwordless?: boolean;
    now: number;
  },
) =>
  db
    .insertInto('webauthn_challenges')
    .values({
      id: options.id,
      purpose: options.purpose,
      user_id: options.userId,
      login_challenge_id: options.loginChallengeId ?? null,
      challenge: options.challenge,
      remember_me: options.rememberMe ? 1 : 0,
      passwordless: options.passwordless ? 1 : 0,
      created_at: options.now,
      expires_at: options.now + MFA_LIMITS.challengeMinutes * 60_000,
      used_at: null,
    })
    .execute();

/**
 * Spends a live ceremony of one of the purposes and answers it; undefined when it is
 * unknown, of another purpose, spent or expired. One conditional update: an answer replayed, or sent
 * twice at once, finds it spent.
 */
export const takeCeremony = async (
  db: Kysely<Database>,
  options: { id: string; purposes: TCeremonyPurpose[]; now: number },
) => {
  const result = await db
    .updateTable('webauthn_challenges')
    .set({ used_at: options.now })
    .where('id', '=', options.id)
    .where('purpose', 'in', options.purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', options.now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    return undefined;
  }
  return db
    .selectFrom('webauthn_challenges')
    .selectAll()
    .where('id', '=', options.id)
    .executeTakeFirst();
};

export const prunePasskeyCeremonies = (db: Kysely<Database>, before: number) =>
  db.deleteFrom('webauthn_challenges').where('expires_at', '<', before).execute();

/** The user's passkeys, with their factor rows (name, dates). */
export const passkeysOf = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('passkey_credentials as p')
    .innerJoin('user_factors as f', 'f.id', 'p.factor_id')
    .select(['p.factor_id', 'p.credential_id', 'p.transports', 'p.passwordless', 'f.name'])
    .where('p.user_id', '=', userId)
    .where('f.confirmed_at', 'is not', null)
    .orderBy('p.factor_id')
    .execute();

/** A passkey by the SHA-256 of its credential id. */
export const findPasskey = (db: Kysely<Database>, credentialHash: string) =>
  db
    .selectFrom('passkey_credentials as p')
    .innerJoin('user_factors as f', 'f.id', 'p.factor_id')
    .selectAll('p')
    .where('p.credential_hash', '=', credentialHash)
    .where('f.confirmed_at', 'is not', null)
    .executeTakeFirst();

export type TNewPasskey = {
  userId: number;
  name: string;
  credentialHash: string;
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string;
  passwordless: boolean;
  backedUp: boolean;
  now: number;
};

/** Adds a passkey: its factor row and its credential, together; answers the factor's id. */
export const insertPasskey = (db: Kysely<Database>, passkey: TNewPasskey) =>
  db.transaction().execute(async (trx) => {
    const factor = {
      user_id: passkey.userId,
      kind: 'passkey',
      name: passkey.name,
      // A passkey keeps no secret here: its public key is in passkey_credentials.
      secret: '',
      confirmed_at: passkey.now,
      last_step: null,
      created_at: passkey.now,
      last_used_at: null,
    };
    const factorId =
      dialectOfDb<Database>(trx) === 'mysql'
        ? Number(
            (await trx.insertInto('user_factors').values(factor).executeTakeFirstOrThrow())
              .insertId,
          )
        : (
            await trx
              .insertInto('user_factors')
              .values(factor)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
    await trx
      .insertInto('passkey_credentials')
      .values({
        factor_id: factorId,
        user_id: passkey.userId,
        credential_hash: passkey.credentialHash,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        sign_count: passkey.signCount,
        transports: passkey.transports,
        passwordless: passkey.passwordless ? 1 : 0,
        backed_up: passkey.backedUp ? 1 : 0,
      })
      .execute();
    return factorId;
  });

/**
 * Records a passkey's use: its new counter and backup state, and when it was used. A replayed
 * assertion never gets here: it signed a ceremony's challenge, which is spent.
 */
export const recordPasskeyUse = (
  db: Kysely<Database>,
  options: { factorId: number; newCount: number; backedUp: boolean; now: number },
) =>
  db.transaction().execute(async (trx) => {
    await trx
      .updateTable('passkey_credentials')
      .set({ sign_count: options.newCount, backed_up: options.backedUp ? 1 : 0 })
      .where('factor_id', '=', options.factorId)
      .execute();
    await trx
      .updateTable('user_factors')
      .set({ last_used_at: options.now })
      .where('id', '=', options.factorId)
      .execute();
  });
