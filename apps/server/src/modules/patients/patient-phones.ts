import { sql, type Kysely } from 'kysely';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { deleteByKeysSql } from '../../lib/sql-merge';

/**
 * The patients' phone numbers as bare digits, per payor (patient_phones, migration 0018),
 * so a search by phone in any spelling is one index lookup: the ERP holds both
 * '5551234567' and '555-123-4567', in phone and in phone_mobile, and no index on those
 * columns finds one spelling from the other. The sync refills the table in the
 * transaction that loads the patients table (sync/sync-mapping.ts), so it never disagrees
 * with the patients a reader sees; the search compares the last 10 digits (a leading
 * country code 1 dropped), as search-kind.ts reads the text typed.
 */

/** The separators a phone is written with, removed in SQL all three databases share. */
const SEPARATORS = ['-', ' ', '(', ')', '.', '+'];

const bareDigits = (column: string) =>
  SEPARATORS.reduce((text, separator) => `REPLACE(${text}, '${separator}', '')`, column);

const tenDigits = (digits: string) =>
  `CASE WHEN LENGTH(${digits}) = 11 AND SUBSTR(${digits}, 1, 1) = '1' THEN SUBSTR(${digits}, 2) ELSE ${digits} END`;

/**
 * The statements that rebuild patient_phones from the patients table; with `patients` (a
 * table of patient_key), only those patients' rows, as an incremental sync refreshes them.
 * Each patient is read once and its two numbers taken apart by a two-row join, so the
 * statement names that table once (MariaDB cannot read a temporary table twice in one).
 */
export const patientPhoneRefillSql = (only?: { patients: string; dialect: TDialect }): string[] => {
  const scope = only ? `IN (SELECT patient_key FROM ${only.patients})` : undefined;
  return [
    only
      ? deleteByKeysSql(only.dialect, 'patient_phones', 'patient_key', {
          table: only.patients,
          column: 'patient_key',
        })
      : 'DELETE FROM patient_phones',
    `INSERT INTO patient_phones (payor_key, digits, patient_key)
     SELECT DISTINCT n.payor_key, ${tenDigits('n.d')}, n.patient_key
     FROM (SELECT p.payor_key, p.patient_key,
                  CASE WHEN k.n = 1 THEN ${bareDigits('p.phone')} ELSE ${bareDigits('p.phone_mobile')} END AS d
           FROM patients p CROSS JOIN (SELECT 1 AS n UNION ALL SELECT 2) k
           WHERE p.payor_key IS NOT NULL${scope ? ` AND p.patient_key ${scope}` : ''}) n
     WHERE LENGTH(n.d) = 10 OR (LENGTH(n.d) = 11 AND SUBSTR(n.d, 1, 1) = '1')`,
  ];
};

/** What the sync runs after loading `table` for the search's own keys. */
export const searchKeyRefillSql = (table: string): string[] =>
  table === 'patients' ? patientPhoneRefillSql() : [];

/**
 * Rebuilds patient_phones in one transaction (test fixtures, the migration), or in the
 * caller's when it is one.
 */
export const refillPatientPhones = async (db: Kysely<Database>) => {
  const run = async (trx: Kysely<Database>) => {
    for (const statement of patientPhoneRefillSql()) {
      await sql.raw(statement).execute(trx);
    }
  };
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
};
