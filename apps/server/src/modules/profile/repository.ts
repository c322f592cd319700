import type { Insertable, Kysely } from 'kysely';
import type { Database, EmailChangesTable } from '../../db/schema';

export const storeUsername = (
  db: Kysely<Database>,
  options: { userId: number; username: string; now: number },
) =>
  db
    .updateTable('users')
    .set({ username: options.username, updated_at: options.now })
    .where('id', '=', options.userId)
    .execute();

export const storeEmail = (
  db: Kysely<Database>,
  options: { userId: number; email: string; now: number },
) =>
  db
    .updateTable('users')
    .set({ email: options.email, updated_at: options.now })
    .where('id', '=', options.userId)
    .execute();

export const insertEmailChange = (db: Kysely<Database>, change: Insertable<EmailChangesTable>) =>
  db.insertInto('email_changes').values(change).execute();

export const findEmailChangeByHash = (db: Kysely<Database>, tokenHash: string) =>
  db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/**
 * Ends a user's pending email changes: a newer request replaces them, and a new password
 * (the owner taking the account back) cancels them.
 */
export const deleteEmailChanges = (db: Kysely<Database>, userId: number) =>
  db.deleteFrom('email_changes').where('user_id', '=', userId).execute();

/** Uses a link once: true only for the one caller that deletes it while it is still valid. */
export const consumeEmailChange = async (db: Kysely<Database>, id: number, now: number) => {
  const result = await db
    .deleteFrom('email_changes')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
};

export const pruneEmailChanges = (db: Kysely<Database>, now: number) =>
  db.deleteFrom('email_changes').where('expires_at', '<', now).execute();

/**
 * Whether a database refused a row for a unique key: two users claiming one email at the
 * same moment both pass the lookup, and the key decides. SQLite, MariaDB and PostgreSQL
 * each name it their own way.
 */
export const isUniqueViolation = (error: unknown) => {
  if (typeof error !== 'object' || error === null) {
    return false;
  }
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    code === '23505'
  );
};
