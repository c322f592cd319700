import type { Kysely } from 'kysely';

/**
 * First access without handed-out passwords (issue 35).
 * - users.temporary_password_expires_at: when the temporary password an admin handed out
 *   stops working; null for every password the user chose (any password change clears it).
 * - password_reset_tokens.purpose: 'reset' for the forgot-password link, 'invitation' for
 *   the first-access link an admin sends instead of a temporary password. One table, one
 *   hashing and single-use rule; each link is accepted only by its own endpoint.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('users')
    .addColumn('temporary_password_expires_at', 'bigint')
    .execute();
  await db.schema
    .alterTable('password_reset_tokens')
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull().defaultTo('reset'))
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('password_reset_tokens').dropColumn('purpose').execute();
  await db.schema.alterTable('users').dropColumn('temporary_password_expires_at').execute();
};
