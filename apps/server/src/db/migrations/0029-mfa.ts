import type { Kysely } from 'kysely';
import { idColumn } from './columns';

/**
 * Multi-factor sign-in (issue 35).
 * - user_factors: a user's second factors. An authenticator app's row holds its secret,
 *   sealed (modules/mfa/factor-secret.ts); confirmed_at is null while it is being enrolled
 *   (at most one such row per user); last_step is the last code step it accepted.
 * - user_recovery_codes: SHA-256 of each recovery code; used_at once spent.
 * - login_challenges: a sign-in whose password was right and whose second factor is still
 *   owed: SHA-256 of the token the client holds, the remember-me choice, an expiry and the
 *   codes tried; used_at once it made a session.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await idColumn(db, db.schema.createTable('user_factors'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('user_factors_user_idx')
    .on('user_factors')
    .column('user_id')
    .execute();
  await idColumn(db, db.schema.createTable('user_recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('user_recovery_codes_user_idx')
    .on('user_recovery_codes')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember_me', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_factors').execute();
};
