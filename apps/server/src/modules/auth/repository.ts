import type { Insertable, Kysely } from 'kysely';
import type { Database, PasswordResetTokensTable, TTokenPurpose } from '../../db/schema';
import { deleteEmailChanges } from '../profile/repository';

export const insertResetToken = (
  db: Kysely<Database>,
  token: Insertable<PasswordResetTokensTable>,
) => db.insertInto('password_reset_tokens').values(token).execute();

/** A token by its hash; a link of one purpose is never accepted as the other. */
export const findResetTokenByHash = (
  db: Kysely<Database>,
  tokenHash: string,
  purpose: TTokenPurpose = 'reset',
) =>
  db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();

/** Voids every unused reset token of a user: a later token or a new password ends them. */
export const voidResetTokens = (db: Kysely<Database>, userId: number, now: number) =>
  db
    .updateTable('password_reset_tokens')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();

/** Uses a token once: true only for the one caller that flips it while it is still valid. */
export const consumeResetToken = async (db: Kysely<Database>, id: number, now: number) => {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
};

/**
 * Stores a new password hash, lifts the forced change and a temporary password's expiry
 * (a reset link is how an expired one is replaced), and voids outstanding reset tokens
 * and pending email changes (the notice of a change the owner did not ask for tells them to
 * change their password, which cancels it). Every path that sets a password goes through here.
 */
export const storeNewPassword = async (
  db: Kysely<Database>,
  options: { userId: number; passwordHash: string; now: number },
) => {
  await db
    .updateTable('users')
    .set({
      password_hash: options.passwordHash,
      password_reset_required: 0,
      temporary_password_expires_at: null,
      password_changed_at: options.now,
      updated_at: options.now,
    })
    .where('id', '=', options.userId)
    .execute();
  await voidResetTokens(db, options.userId, options.now);
  await deleteEmailChanges(db, options.userId);
};

export const markFilterPreferencesShown = (db: Kysely<Database>, userId: number, now: number) =>
  db
    .updateTable('users')
    .set({ filter_preferences_shown: 1, updated_at: now })
    .where('id', '=', userId)
    .execute();

export const pruneResetTokens = (db: Kysely<Database>, before: number) =>
  db.deleteFrom('password_reset_tokens').where('expires_at', '<', before).execute();
