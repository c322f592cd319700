import { sql, type Kysely } from 'kysely';
import { dialectOfDb, type TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { MYSQL_SORT_WITH_COLUMNS, deleteByKeysSql, mergeSql } from '../../lib/sql-merge';
import { sqlString, statusGroupConditions } from '../../lib/status-sql-text';

/**
 * The order counts the patient list and details show, kept per patient and order
 * classification in patient_order_counts (migration 0014), so a page of 15 patients reads
 * their few summary rows instead of grouping every order they have and testing each
 * order's status against the status groups (tools/bench/api.ts: on MariaDB the grouping
 * was the list's costliest statement). The sync engine refills the table in the same
 * transaction that loads the orders table (sync/sync-mapping.ts), so the counts never
 * disagree with the orders a reader sees. sync-summaries.test.ts checks the table against
 * the domain's statusGroupOf after each load, and status-sql.test.ts the counts against it
 * on every status the spec names, on every dialect.
 */

/** The status as the domain reads it: trimmed, compared exactly (MariaDB: as binary). */
const statusOf = (dialect: TDialect) =>
  dialect === 'mysql' ? 'TRIM(o.status) COLLATE utf8mb4_bin' : 'TRIM(o.status)';

const countWhen = (condition: string) => `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;

/** Orders without a classification are kept under '' (a key column cannot be NULL). */
export const NO_CLASSIFICATION = '';

const COUNTS = ['order_count', 'in_progress_count', 'shipped_count', 'pending_docs_count'];

/**
 * The statements that rebuild the summary from the orders table; with `patients` (a table
 * of patient_key), only those patients' rows, as an incremental sync refreshes them.
 *
 * MariaDB's whole refill groups the orders by a sort that carries its columns
 * (MYSQL_SORT_WITH_COLUMNS), reading the table whole: inside a load its statistics still
 * call it empty. A temporary table for the grouping went to disk (25 s at 1M orders);
 * reading the index by patient, status and classification and adding each status's group
 * to its patient's row took 4.5 s, the sort 3.3 s. Rows are added on a duplicate key in
 * case the key's collation merges two groups. The status groups are counted row by row
 * inside the sums, so MariaDB's case-blind collation does not matter to them.
 */
export const orderCountRefillSql = (dialect: TDialect, patients?: string): string[] => {
  const groups = statusGroupConditions(statusOf(dialect));
  const scope = patients ? `IN (SELECT patient_key FROM ${patients})` : undefined;
  const classification = `COALESCE(o.so_classification_key, ${sqlString(NO_CLASSIFICATION)})`;
  const counts = `COUNT(*),
            ${countWhen(groups.inProgress)},
            ${countWhen(groups.shipped)},
            ${countWhen(groups.pendingDocuments)}`;
  if (dialect === 'mysql' && !scope) {
    return [
      'DELETE FROM patient_order_counts',
      `${MYSQL_SORT_WITH_COLUMNS} ${mergeSql(
        dialect,
        { table: 'patient_order_counts', keys: ['patient_key', 'classification_key'], add: COUNTS },
        `SELECT SQL_BIG_RESULT o.patient_key, ${classification} AS classification, ${counts}
         FROM orders o USE INDEX ()
         WHERE o.patient_key IS NOT NULL
         GROUP BY o.patient_key, classification`,
      )}`,
    ];
  }
  return [
    patients
      ? deleteByKeysSql(dialect, 'patient_order_counts', 'patient_key', {
          table: patients,
          column: 'patient_key',
        })
      : 'DELETE FROM patient_order_counts',
    `INSERT INTO patient_order_counts
       (patient_key, classification_key, ${COUNTS.join(', ')})
     SELECT o.patient_key, ${classification}, ${counts}
     FROM orders o
     WHERE o.patient_key IS NOT NULL${scope ? ` AND o.patient_key ${scope}` : ''}
     GROUP BY o.patient_key, ${classification}`,
  ];
};

/**
 * Rebuilds the summary in one transaction (test fixtures, a repair), or in the caller's
 * when it is one (a migration on PostgreSQL runs inside its own).
 */
export const refillOrderCounts = async (db: Kysely<Database>) => {
  const statements = orderCountRefillSql(dialectOfDb(db));
  const run = async (trx: Kysely<Database>) => {
    for (const statement of statements) {
      await sql.raw(statement).execute(trx);
    }
  };
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
};
