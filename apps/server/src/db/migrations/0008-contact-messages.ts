import type { Kysely } from 'kysely';
import { idColumn } from './columns';

/**
 * Contact Support messages (issue 13). Each is kept, so a message survives a mail server
 * outage and support can see what was asked; the per-user hourly limit is counted here,
 * by the (user_id, created_at) index.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await idColumn(db, db.schema.createTable('contact_messages'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contact_messages_user_at_idx')
    .on('contact_messages')
    .columns(['user_id', 'created_at'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('contact_messages').execute();
};
