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

  // The list pages by name with the key as tie-breaker; with the key in the index
  // a page is read from the index alone, however deep it is.
  const oldIndex = db.schema.dropIndex('patients_payor_name_idx');
  await (isMysql(db) ? oldIndex.on('patients') : oldIndex).execute();
  await db.schema
    .createIndex('patients_payor_name_idx')
    .on('patients')
    .columns(['payor_key', 'last_name', 'first_name', 'patient_key'])
    .execute();

  // Search is a case-insensitive prefix match on last name, first name or patient
  // ID within one payor. Each index also carries what a page sorts by, so a search
  // reads no table rows until its page is known. MariaDB's collation already ignores
  // case, so plain columns serve it (and the name index above serves last names);
  // SQLite and PostgreSQL index lower(column) instead.
  const searchIndex = async (table: string, column: string) => {
    const sortColumns = ['last_name', 'first_name', 'patient_key'].filter(
      (name) => !isMysql(db) || name !== column,
    );
    const name = sql.id(`${table}_payor_${column}_ci_idx`);
    const target = isMysql(db) ? sql.id(column) : sql`lower(${sql.id(column)})`;
    const parts = [sql.id('payor_key'), target, ...sortColumns.map((part) => sql.id(part))];
    await sql`create index ${name} on ${sql.id(table)} (${sql.join(parts)})`.execute(db);
  };
  for (const table of ['patients', 'intake_patients']) {
    for (const column of ['last_name', 'first_name', 'patient_id']) {
      if (isMysql(db) && table === 'patients' && column === 'last_name') {
        continue;
      }
      await searchIndex(table, column);
    }
  }
  // Counting a page's orders by status reads the index, not the rows.
  await db.schema
    .createIndex('orders_patient_status_idx')
    .on('orders')
    .columns(['patient_key', 'status', 'so_classification_key'])
    .execute();
};
