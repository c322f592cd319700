import type { Kysely } from 'kysely';
import { isMysql } from './columns';

/**
 * An incremental sync of patients replaces the phone search keys of the patients it
 * changed (modules/patients/patient-phones.ts). The table's key starts with the payor
 * and the digits, so finding a patient's keys read the whole table: on MariaDB once per
 * changed patient (55 s for 1,210 patients at 110k, issue 33), elsewhere once per run.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createIndex('patient_phones_patient_idx')
    .on('patient_phones')
    .columns(['patient_key'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  const drop = db.schema.dropIndex('patient_phones_patient_idx');
  // Only MySQL names the table an index belongs to.
  await (isMysql(db) ? drop.on('patient_phones') : drop).execute();
};
