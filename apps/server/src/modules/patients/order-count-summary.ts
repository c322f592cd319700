import { sql, type Kysely } from 'kysely';
import {
  IN_PROGRESS_STATUSES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
  SHIPPED_STATUS_PREFIXES,
} from '@portal/domain/order-status';
import { dialectOfDb, type TDialect } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * The order counts the patient list and details show, kept per patient and order
 * classification in patient_order_counts (migration 0014), so a page of 15 patients reads
 * their few summary rows instead of grouping every order they have and testing each
 * order's status against the status groups (tools/bench/api.ts: on MariaDB the grouping
 * was the list's costliest statement). The sync engine refills the table in the same
 * transaction that loads the orders table (sync/sync-mapping.ts), so the counts never
 * disagree with the orders a reader sees. order-count-summary.test.ts checks the counts
 * against the status rules of status-sql.ts on every dialect.
 */

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
const list = (values: readonly string[]) => values.map(text).join(', ');

/** The status as the domain reads it: trimmed, compared exactly (MariaDB: as binary). */
const statusOf = (dialect: TDialect) =>
  dialect === 'mysql' ? 'TRIM(o.status) COLLATE utf8mb4_bin' : 'TRIM(o.status)';

const countWhen = (condition: string) => `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;

/** Orders without a classification are kept under '' (a key column cannot be NULL). */
export const NO_CLASSIFICATION = '';

/** The statements that rebuild the summary from the orders table. */
export const orderCountRefillSql = (dialect: TDialect): string[] => {
  const status = statusOf(dialect);
  const shipped = [
    `${status} IN (${list(SHIPPED_STATUSES)})`,
    ...SHIPPED_STATUS_PREFIXES.map(
      (prefix) => `SUBSTR(${status}, 1, ${prefix.length}) = ${text(prefix)}`,
    ),
  ].join(' OR ');
  return [
    'DELETE FROM patient_order_counts',
    `INSERT INTO patient_order_counts
       (patient_key, classification_key, order_count, in_progress_count, shipped_count, pending_docs_count)
     SELECT o.patient_key, COALESCE(o.so_classification_key, ${text(NO_CLASSIFICATION)}),
            COUNT(*),
            ${countWhen(`${status} IN (${list(IN_PROGRESS_STATUSES)})`)},
            ${countWhen(shipped)},
            ${countWhen(`${status} IN (${list(PENDING_DOCUMENT_STATUSES)})`)}
     FROM orders o
     WHERE o.patient_key IS NOT NULL
     GROUP BY o.patient_key, COALESCE(o.so_classification_key, ${text(NO_CLASSIFICATION)})`,
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
