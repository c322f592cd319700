import { sql, type Kysely } from 'kysely';
import { isMysql } from './columns';

/**
 * What the portal keeps per user about patients and orders (favourites, preferences),
 * and the indexes behind the patient list and its search.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('user_favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('patient_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_favorites_pk', ['user_id', 'patient_key'])
    .execute();

  // One row per enabled value: a toggle is one insert or one delete, so two tabs
  // toggling different keys never overwrite each other's choice.
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // 'so_classification' or 'order_category'
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('value', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_preferences_pk', ['user_id', 'kind', 'value'])
    .execute();

  // Lists page by last name, then first name, without regard to case, then the key.
  // MariaDB's collation already ignores case, so plain columns serve it; SQLite and
  // PostgreSQL index lower(column). Each index ends with what a page sorts by (and,
  // for PostgreSQL's index-only scans, the plain names), so a page's keys are read
  // from the index alone, however deep the page.
  const caseless = (column: string) =>
    isMysql(db) ? sql.id(column) : sql`lower(${sql.id(column)})`;
  const plainNames = isMysql(db) ? [] : [sql.id('last_name'), sql.id('first_name')];
  const nameIndex = async (table: string, name: string, leading: string[]) => {
    const parts = [
      sql.id('payor_key'),
      ...leading.map(caseless),
      ...['last_name', 'first_name'].filter((column) => !leading.includes(column)).map(caseless),
      sql.id('patient_key'),
      ...plainNames,
    ];
    await sql`create index ${sql.id(`${table}_${name}_idx`)} on ${sql.id(table)} (${sql.join(parts)})`.execute(
      db,
    );
  };
  const oldIndex = db.schema.dropIndex('patients_payor_name_idx');
  await (isMysql(db) ? oldIndex.on('patients') : oldIndex).execute();
  for (const table of ['patients', 'intake_patients']) {
    // Serves the unsearched list and searches by last name.
    await nameIndex(table, 'payor_name_ci', ['last_name', 'first_name']);
    // Searches by first name and by patient ID.
    await nameIndex(table, 'payor_first_name_ci', ['first_name', 'last_name']);
    await nameIndex(table, 'payor_patient_id_ci', ['patient_id']);
  }
  // Counting a page's orders by status reads the index, not the rows.
  await db.schema
    .createIndex('orders_patient_status_idx')
    .on('orders')
    .columns(['patient_key', 'status', 'so_classification_key'])
    .execute();
};
