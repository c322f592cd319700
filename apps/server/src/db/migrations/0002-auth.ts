import type { Kysely } from 'kysely';
import { idColumn } from './columns';

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // A session row is one sign-in: its refresh token rotates in place, so the id of the
  // current refresh token (and the one it replaced, for the concurrent-tab grace) lives here.
  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('sessions').addColumn('refresh_jti', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('previous_refresh_jti', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('rotated_at', 'bigint').execute();

  await idColumn(db, db.schema.createTable('password_reset_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 of the emailed token, hex; the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Set when used, or when a later token or a password change voids it.
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_id_idx')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();

  // One row per sign-in or forgot-password attempt and scope (ip, account): the rate
  // limits count rows, so they hold across processes.
  await db.schema
    .createTable('auth_attempts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('failed', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('auth_attempts_lookup_idx')
    .on('auth_attempts')
    .columns(['kind', 'scope', 'subject', 'at'])
    .execute();
  await db.schema.createIndex('auth_attempts_at_idx').on('auth_attempts').column('at').execute();

  // No foreign key on user_id: the trail outlives the user it mentions.
  await idColumn(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('patient_key', 'varchar(64)')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema
    .createIndex('audit_log_user_idx')
    .on('audit_log')
    .columns(['user_id', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_patient_idx')
    .on('audit_log')
    .columns(['patient_key', 'at'])
    .execute();

  await idColumn(db, db.schema.createTable('mail_outbox'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('to_address', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    // A worker claims a row until this time, so two processes never send it twice at once.
    .addColumn('locked_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('last_error', 'varchar(1000)')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['sent_at', 'next_attempt_at'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('auth_attempts').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.alterTable('sessions').dropColumn('rotated_at').execute();
  await db.schema.alterTable('sessions').dropColumn('previous_refresh_jti').execute();
  await db.schema.alterTable('sessions').dropColumn('refresh_jti').execute();
};
