import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MYSQL_SORT_WITH_COLUMNS } from '../../lib/sql-merge';
import { statusGroupConditions } from '../../lib/status-sql-text';
import type { TAfterLoad } from '../../sync/load/types';

/**
 * The statements that refill the analytics summaries (migration 0013) from the orders and
 * order_status_history tables. The sync engine runs them inside the transaction that loads
 * one of those tables, after the rows are in place, so a reader sees either the old tables
 * with the old summaries or the new with the new (docs/decisions.md, "Analytics").
 */

export type TSummaryDialect = 'sqlite' | 'mysql' | 'postgres';

/** The tables whose load refills the summaries; patients only bumps the version (names). */
export const SUMMARY_SOURCE_TABLES = ['orders', 'order_status_history', 'patients'] as const;

/** Whole UTC days since the epoch, as the domain's dayOf() counts them (times are positive). */
export const dayOf = (dialect: TSummaryDialect, column: string) =>
  dialect === 'mysql' ? `(${column} DIV 86400000)` : `(${column} / 86400000)`;

export const CATEGORY = `COALESCE(NULLIF(o.so_classification_name, ''), 'Uncategorized')`;

/** The core spec's shipped group (order-status.ts), as SQL over h.status. */
export const SHIPPED = statusGroupConditions('h.status').shipped;

/**
 * Days from creation to the first shipped status, per day and category. MariaDB reads the
 * shipped history from its index by order, grouping as it goes, and looks each order up by
 * its key (see statusDays on why nothing is joined there): one lookup per shipped order,
 * where reading every order and looking its history up took one per order whether it had
 * any or not (a million orders: 3.9 s with no history at all; 6.1 to 6.7 s against 5.3 s
 * with 2.5M history rows, three orders in four shipped).
 */
const processingDays = (dialect: TSummaryDialect) => [
  'DELETE FROM analytics_processing_days',
  dialect === 'mysql'
    ? `INSERT INTO analytics_processing_days (day, category, order_count, total_ms)
   SELECT ${dayOf(dialect, 'created')}, category, COUNT(*), SUM(first_ms - created) FROM (
     SELECT MIN((SELECT o.date_created FROM orders o WHERE o.order_id = h.order_id)) AS created,
            MIN((SELECT ${CATEGORY} FROM orders o WHERE o.order_id = h.order_id)) AS category,
            MIN(h.entered_at) AS first_ms
     FROM order_status_history h FORCE INDEX (order_status_history_order_idx)
     WHERE h.entered_at IS NOT NULL AND ${SHIPPED}
     GROUP BY h.order_id
   ) t WHERE created IS NOT NULL GROUP BY ${dayOf(dialect, 'created')}, category`
    : `INSERT INTO analytics_processing_days (day, category, order_count, total_ms)
   SELECT day, category, COUNT(*), SUM(ms) FROM (
     SELECT ${dayOf(dialect, 'o.date_created')} AS day, ${CATEGORY} AS category,
            f.first_ms - o.date_created AS ms
     FROM orders o
     JOIN (SELECT h.order_id, MIN(h.entered_at) AS first_ms FROM order_status_history h
           WHERE h.entered_at IS NOT NULL AND ${SHIPPED} GROUP BY h.order_id) f
       ON f.order_id = o.order_id
     WHERE o.date_created IS NOT NULL
   ) t GROUP BY day, category`,
];

/**
 * Time per order in each status, then per day and status. The history is grouped by its
 * own order and status, the order's day read along (one per order). MariaDB reads the
 * history from its index by order and status, in that order, grouping as it goes, and
 * looks each row's order up by its key: inside a load its statistics still call the table
 * just loaded empty, and a join read the other table whole once per block of rows (this
 * statement ran over 12 minutes at 110k patients that way); a lookup in the select list
 * is one read by key whatever they say. Grouped by the order's columns, it sorted every
 * joined row in a temporary table on disk (16.6 s inside the history load at 50k).
 */
const statusDays = (dialect: TSummaryDialect) => {
  const perOrder =
    dialect === 'mysql'
      ? `SELECT MIN((SELECT o.date_created FROM orders o WHERE o.order_id = h.order_id)) AS created,
            h.status AS status, SUM(h.exited_at - h.entered_at) AS ms
     FROM order_status_history h FORCE INDEX (order_status_history_order_idx)
     WHERE h.exited_at IS NOT NULL AND h.entered_at IS NOT NULL AND h.status IS NOT NULL
     GROUP BY h.order_id, h.status`
      : `SELECT MIN(o.date_created) AS created, h.status AS status,
            SUM(h.exited_at - h.entered_at) AS ms
     FROM order_status_history h JOIN orders o ON o.order_id = h.order_id
     WHERE h.exited_at IS NOT NULL AND h.entered_at IS NOT NULL AND h.status IS NOT NULL
     GROUP BY h.order_id, h.status`;
  return [
    'DELETE FROM analytics_status_days',
    `INSERT INTO analytics_status_days (day, status, order_count, total_ms, min_ms, max_ms)
   SELECT ${dayOf(dialect, 'created')}, status, COUNT(*), SUM(ms), MIN(ms), MAX(ms) FROM (
     ${perOrder}
   ) t WHERE created IS NOT NULL GROUP BY ${dayOf(dialect, 'created')}, status`,
  ];
};

/** analytics_patient_days' secondary index (migration 0013), built again after a whole refill. */
const PATIENT_DAY_INDEX = `CREATE INDEX analytics_patient_days_day_idx
   ON analytics_patient_days (day, patient_key, category, order_count)`;

/**
 * A whole refill writes about one row per order (a million at 1M orders), so SQLite and
 * PostgreSQL drop the table's indexes first and build them again after, sorted once,
 * instead of inserting every row into each at random: at 1M orders 9.6 s -> 3.4 s on
 * PostgreSQL, 5.3 s -> 3.7 s on SQLite. SQLite's readers keep the previous snapshot
 * meanwhile (WAL); PostgreSQL's readers of this table (the Analytics page's reorder
 * figures, memoised per process) wait from the DROP to the commit, which is why a load
 * runs this refill last (sync/derived-changes.ts). MariaDB's DROP INDEX would commit the
 * load, so there the rows go in with the indexes in place.
 */
const withoutPatientDayIndexes = (dialect: TSummaryDialect, refill: string[]) => {
  switch (dialect) {
    case 'sqlite':
      return ['DROP INDEX analytics_patient_days_day_idx', ...refill, PATIENT_DAY_INDEX];
    case 'postgres':
      return [
        'DROP INDEX analytics_patient_days_day_idx',
        'ALTER TABLE analytics_patient_days DROP CONSTRAINT analytics_patient_days_pk',
        ...refill,
        `ALTER TABLE analytics_patient_days ADD CONSTRAINT analytics_patient_days_pk
         PRIMARY KEY (patient_key, day, category)`,
        PATIENT_DAY_INDEX,
      ];
    default:
      return refill;
  }
};

/**
 * Orders per patient, day and category, from every order. (An incremental sync adds and
 * subtracts its changed orders' share instead: summary-changes.ts.)
 */
export const patientDays = (dialect: TSummaryDialect) => {
  const insert = `INSERT INTO analytics_patient_days (patient_key, day, category, order_count)
   SELECT patient_key, day, category, COUNT(*) FROM (
     SELECT o.patient_key, ${dayOf(dialect, 'o.date_created')} AS day, ${CATEGORY} AS category
     FROM orders o WHERE o.patient_key IS NOT NULL AND o.date_created IS NOT NULL
   ) t GROUP BY patient_key, day, category`;
  if (dialect === 'mysql') {
    // Grouped by a sort that carries its columns (MYSQL_SORT_WITH_COLUMNS), then written
    // once per key in the key's order. The key's collation merges rows exactly as GROUP BY
    // did; adding on a duplicate keeps the counts right if it ever did not. At 1M orders:
    // 4.9 s into an empty table, 9.0 s over a full one, against 7.0 to 7.9 s and 11.2 to
    // 11.8 s for one ON DUPLICATE KEY UPDATE per order (a temporary table for the
    // grouping took 16 s). Read whole (USE INDEX ()): inside a load the statistics still
    // call the table empty, and MariaDB read it through the creation date's index, every
    // order again by key (10.3 s).
    return [
      'DELETE FROM analytics_patient_days',
      `${MYSQL_SORT_WITH_COLUMNS}
       INSERT INTO analytics_patient_days (patient_key, day, category, order_count)
       SELECT SQL_BIG_RESULT o.patient_key, ${dayOf(dialect, 'o.date_created')} AS day,
              ${CATEGORY} AS category, COUNT(*)
       FROM orders o USE INDEX () WHERE o.patient_key IS NOT NULL AND o.date_created IS NOT NULL
       GROUP BY o.patient_key, day, category
       ON DUPLICATE KEY UPDATE order_count = order_count + VALUES(order_count)`,
    ];
  }
  return withoutPatientDayIndexes(dialect, ['DELETE FROM analytics_patient_days', insert]);
};

/** A new version for every refill, so each process knows its memo is stale. */
export const stamp = (now: number) => [
  'DELETE FROM analytics_refresh',
  `INSERT INTO analytics_refresh (id, refreshed_at, version) VALUES (1, ${Math.trunc(now)}, ${Math.floor(Math.random() * 2 ** 48)})`,
];

/** What a load of `table` must run before its commit; nothing for other tables. */
export const summaryRefillSql = (
  dialect: TSummaryDialect,
  table: string,
  now = Date.now(),
): string[] => {
  switch (table) {
    case 'orders':
      return [
        ...processingDays(dialect),
        ...statusDays(dialect),
        ...stamp(now),
        // Last: on PostgreSQL its readers wait from its DROP INDEX to the commit.
        ...patientDays(dialect),
      ];
    case 'order_status_history':
      return [...processingDays(dialect), ...statusDays(dialect), ...stamp(now)];
    case 'patients':
      return stamp(now);
    default:
      return [];
  }
};

/**
 * What a full load of `table` runs for the summaries. The history's summaries read each
 * row's order: with no orders (a first sync loads the history before them) they are empty,
 * and MariaDB still read the whole history to find that out (at 110k patients 9.6 s of its
 * first sync); the orders' load then fills them.
 */
export const summaryLoadSql = (dialect: TSummaryDialect, table: string): TAfterLoad[] => {
  const now = Date.now();
  const refill = summaryRefillSql(dialect, table, now);
  if (table !== 'order_status_history') {
    return refill;
  }
  return [
    {
      ifEmpty: 'orders',
      then: [
        'DELETE FROM analytics_processing_days',
        'DELETE FROM analytics_status_days',
        ...stamp(now),
      ],
      otherwise: refill,
    },
  ];
};

/** Every summary rebuilt in one transaction through Kysely: tests and the CLI's repair. */
export const refillAllSummaries = async (
  db: Kysely<Database>,
  dialect: TSummaryDialect,
  now = Date.now(),
) => {
  const statements = summaryRefillSql(dialect, 'orders', now);
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) {
      await sql.raw(statement).execute(trx);
    }
  });
};
