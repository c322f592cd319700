import type { Kysely } from 'kysely';
import { idColumn } from './columns';

/**
 * Email changes waiting for their confirmation link (issue 28): until the link mailed to the
 * new address is opened, the account keeps its old email. One row per user at most; a newer
 * request replaces it, and using it deletes it.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await idColumn(db, db.schema.createTable('email_changes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'varchar(255)', (c) => c.notNull())
    // SHA-256 of the emailed token, hex; the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_changes_user_id_idx')
    .on('email_changes')
    .column('user_id')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('email_changes').execute();
};
