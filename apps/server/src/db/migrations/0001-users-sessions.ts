import type { Kysely } from 'kysely';
import { idColumn } from './columns';

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await idColumn(db, db.schema.createTable('users'))
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(255)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addColumn('payor_key', 'varchar(64)')
    .addColumn('patient_key', 'varchar(64)')
    .addColumn('password_reset_required', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('filter_preferences_shown', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('is_demo', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('password_changed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_payor_key_idx').on('users').column('payor_key').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('remember_me', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema
    .createIndex('sessions_family_id_idx')
    .on('sessions')
    .column('family_id')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
};
