import { sql, type Kysely } from 'kysely';
import { refillPatientPhones } from '../../modules/patients/patient-phones';
import type { Database } from '../schema';
import { isMysql } from './columns';

/**
 * The indexes behind the patient list's search by date of birth, phone, SO number and
 * tracking number (issue 30; modules/patients/search-kind.ts), each an index lookup at
 * 100k patients and 1M orders:
 * - patient_phones: each patient's phone and mobile as their 10 digits, per payor
 *   (modules/patients/patient-phones.ts), refilled by the sync with each patients load
 *   and filled here once from the patients already there;
 * - patients (payor_key, dob);
 * - orders by tracking number and by SO number without regard to case: MariaDB's
 *   collation ignores case, so the plain column serves it (the SO number's index of 0003
 *   already does); SQLite and PostgreSQL index lower(column).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('patient_phones')
    .addColumn('payor_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('digits', 'varchar(16)', (c) => c.notNull())
    .addColumn('patient_key', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('patient_phones_pk', ['payor_key', 'digits', 'patient_key'])
    .execute();
  await db.schema
    .createIndex('patients_payor_dob_idx')
    .on('patients')
    .columns(['payor_key', 'dob'])
    .execute();
  if (isMysql(db)) {
    await db.schema
      .createIndex('orders_tracking_ci_idx')
      .on('orders')
      .column('tracking_number')
      .execute();
  } else {
    for (const column of ['tracking_number', 'so_number']) {
      const name = column === 'so_number' ? 'orders_so_number_ci_idx' : 'orders_tracking_ci_idx';
      await sql`create index ${sql.id(name)} on ${sql.id('orders')} (lower(${sql.id(column)}))`.execute(
        db,
      );
    }
  }
  await refillPatientPhones(db as Kysely<Database>);
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  const drop = async (name: string, table: string) => {
    const index = db.schema.dropIndex(name);
    await (isMysql(db) ? index.on(table) : index).execute();
  };
  await drop('orders_tracking_ci_idx', 'orders');
  if (!isMysql(db)) {
    await drop('orders_so_number_ci_idx', 'orders');
  }
  await drop('patients_payor_dob_idx', 'patients');
  await db.schema.dropTable('patient_phones').execute();
};
