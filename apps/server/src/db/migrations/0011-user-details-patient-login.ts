import type { Kysely } from 'kysely';

/**
 * Issue 14. Bulk upload names each user (first and last name, phone, title, office), so
 * the users table keeps those columns. A patient login is tied to one patient record:
 * the unique index on users.patient_key makes two admins activating the same patient at
 * once create exactly one login (NULLs, staff accounts, do not collide on any dialect).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('users').addColumn('first_name', 'varchar(100)').execute();
  await db.schema.alterTable('users').addColumn('last_name', 'varchar(100)').execute();
  await db.schema.alterTable('users').addColumn('phone', 'varchar(32)').execute();
  await db.schema.alterTable('users').addColumn('title', 'varchar(100)').execute();
  await db.schema.alterTable('users').addColumn('office', 'varchar(100)').execute();
  await db.schema
    .createIndex('users_patient_key_unique')
    .on('users')
    .column('patient_key')
    .unique()
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('users_patient_key_unique').on('users').execute();
  for (const column of ['office', 'title', 'phone', 'last_name', 'first_name']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
};
