import { sql, type Kysely } from 'kysely';
import { dialectOfDb, type TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import {
  CHANGED_FIRST,
  MYSQL_SORT_WITH_COLUMNS,
  deleteByKeysSql,
  mergeSql,
  scratchTableSql,
} from '../../lib/sql-merge';
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

/** COUNTS of a group of orders, signed: how many, and how many in each status group. */
const countsOf = (dialect: TDialect, sign: '' | '-' = '') => {
  const groups = statusGroupConditions(statusOf(dialect));
  return [
    'COUNT(*)',
    countWhen(groups.inProgress),
    countWhen(groups.shipped),
    countWhen(groups.pendingDocuments),
  ]
    .map((count) => `${sign}${count}`)
    .join(',\n            ');
};

const CLASSIFICATION = `COALESCE(o.so_classification_key, ${sqlString(NO_CLASSIFICATION)})`;

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
export const orderCountRefillSql = (dialect: TDialect): string[] => {
  if (dialect === 'mysql') {
    return [
      'DELETE FROM patient_order_counts',
      `${MYSQL_SORT_WITH_COLUMNS} ${mergeSql(
        dialect,
        { table: 'patient_order_counts', keys: ['patient_key', 'classification_key'], add: COUNTS },
        `SELECT SQL_BIG_RESULT o.patient_key, ${CLASSIFICATION} AS classification, ${countsOf(dialect)}
         FROM orders o USE INDEX ()
         WHERE o.patient_key IS NOT NULL
         GROUP BY o.patient_key, classification`,
      )}`,
    ];
  }
  return [
    'DELETE FROM patient_order_counts',
    `INSERT INTO patient_order_counts
       (patient_key, classification_key, ${COUNTS.join(', ')})
     SELECT o.patient_key, ${CLASSIFICATION}, ${countsOf(dialect)}
     FROM orders o
     WHERE o.patient_key IS NOT NULL
     GROUP BY o.patient_key, ${CLASSIFICATION}`,
  ];
};

const DELTA = 'sync_delta_order_counts';

/** The changed orders' share of the counts, signed, by patient and classification. */
const countsDeltaSql = (dialect: TDialect, orders: string, sign: '' | '-') =>
  `INSERT INTO ${DELTA} (patient_key, classification_key, ${COUNTS.join(', ')})
   SELECT o.patient_key, ${CLASSIFICATION}, ${countsOf(dialect, sign)}
   FROM ${orders} c ${CHANGED_FIRST[dialect]} orders o ON o.order_id = c.order_id
   WHERE o.patient_key IS NOT NULL
   GROUP BY o.patient_key, ${CLASSIFICATION}`;

/**
 * An incremental sync's orders load keeps the counts from the orders it changed (issue 33),
 * as the analytics summaries are kept (analytics/summary-changes.ts): before the changed
 * orders move in, their old rows' share is subtracted into a delta, read by order key.
 * Refilling every patient they reach read all of those patients' orders (95k orders for the
 * 11.7k changed at 110k patients) and deleted and inserted all of their rows (28k), most
 * as they were.
 */
export const orderCountChangesBefore = (dialect: TDialect, orders: string): string[] => [
  ...scratchTableSql(
    dialect,
    DELTA,
    `patient_key varchar(64) NOT NULL, classification_key varchar(64) NOT NULL, ${COUNTS.map((count) => `${count} bigint NOT NULL`).join(', ')}`,
  ),
  countsDeltaSql(dialect, orders, '-'),
];

/**
 * After: their new rows' share added, the groups whose counts moved merged into the summary
 * (MariaDB's key collation merging rows as its full refill's does), and the rows taken to
 * no orders deleted: the full refill has no row for a group without orders.
 */
export const orderCountChangesAfter = (dialect: TDialect, orders: string): string[] => [
  countsDeltaSql(dialect, orders, ''),
  mergeSql(
    dialect,
    { table: 'patient_order_counts', keys: ['patient_key', 'classification_key'], add: COUNTS },
    `SELECT patient_key, classification_key, ${COUNTS.map((count) => `SUM(${count}) AS ${count}`).join(', ')}
     FROM ${DELTA} GROUP BY patient_key, classification_key
     HAVING ${COUNTS.map((count) => `SUM(${count}) <> 0`).join(' OR ')}`,
  ),
  deleteByKeysSql(
    dialect,
    'patient_order_counts',
    'patient_key',
    { table: DELTA, column: 'patient_key' },
    (row) => `${row}.order_count = 0`,
  ),
];

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
