import {
  CHANGED_FIRST,
  deleteByKeysSql,
  mergeSql,
  scratchStatisticsSql,
  scratchTableSql,
} from '../../lib/sql-merge';
import { CATEGORY, dayOf, SHIPPED, type TSummaryDialect } from './summaries';

/**
 * The analytics day summaries kept up to date from the orders an incremental sync changed
 * (issue 33), instead of rebuilt from every order: before the changed rows move in, the
 * changed orders' contributions are subtracted into a delta; after, their new ones are
 * added, and the delta is merged into the summaries. Counts and sums merge exactly. A
 * group's minimum or maximum cannot be taken back, so a group whose extreme belonged to a
 * changed order is recomputed from its day's orders (orders_date_created_idx). The
 * result is the same as summaries.ts's full refill; incremental-derived.test.ts compares them.
 */

const PROCESSING_DELTA = 'sync_delta_processing';
const STATUS_DELTA = 'sync_delta_status';
const STATUS_STALE = 'sync_stale_status';
const PATIENT_DAYS_DELTA = 'sync_delta_patient_days';

/** Above and below any duration: the neutral element of a merged minimum and maximum. */
const NO_MIN = '9000000000000000000';
const NO_MAX = '-9000000000000000000';

// The status delta and the stale groups are looked up by day and status (restoredExtremes,
// the stale groups' delete): without an index, MariaDB read one whole scratch table per
// row of the other (620k rows examined for one statement at 20k patients).
const scratch = (dialect: TSummaryDialect) => [
  ...scratchTableSql(
    dialect,
    PROCESSING_DELTA,
    'day integer NOT NULL, category varchar(255) NOT NULL, order_count bigint NOT NULL, total_ms bigint NOT NULL',
  ),
  ...scratchTableSql(
    dialect,
    STATUS_DELTA,
    'day integer NOT NULL, status varchar(100) NOT NULL, order_count bigint NOT NULL, total_ms bigint NOT NULL, min_ms bigint NOT NULL, max_ms bigint NOT NULL, removed smallint NOT NULL',
    ['day', 'status'],
  ),
  // bigint: the day times a day's milliseconds must not overflow PostgreSQL's integer.
  ...scratchTableSql(
    dialect,
    STATUS_STALE,
    'day bigint NOT NULL, status varchar(100) NOT NULL, min_ms bigint, max_ms bigint',
    ['day', 'status'],
  ),
];

/** Each changed order's processing time (creation to first shipped status), by day and category. */
const processingOf = (dialect: TSummaryDialect, orders: string, sign: '' | '-') =>
  `INSERT INTO ${PROCESSING_DELTA} (day, category, order_count, total_ms)
   SELECT day, category, ${sign}COUNT(*), ${sign}SUM(ms) FROM (
     SELECT ${dayOf(dialect, 'o.date_created')} AS day, ${CATEGORY} AS category,
            f.first_ms - o.date_created AS ms
     FROM (SELECT h.order_id, MIN(h.entered_at) AS first_ms FROM order_status_history h
           WHERE h.order_id IN (SELECT order_id FROM ${orders})
             AND h.entered_at IS NOT NULL AND ${SHIPPED} GROUP BY h.order_id) f
     JOIN orders o ON o.order_id = f.order_id
     WHERE o.date_created IS NOT NULL
   ) t GROUP BY day, category`;

/** The per-order time in each status, grouped by the order's day and the status. */
const statusTimes = (dialect: TSummaryDialect, where: string, from: string) =>
  `SELECT ${dayOf(dialect, 'o.date_created')} AS day, h.status AS status,
          SUM(h.exited_at - h.entered_at) AS ms
   FROM ${from}
   WHERE h.exited_at IS NOT NULL AND h.entered_at IS NOT NULL AND h.status IS NOT NULL
     AND o.date_created IS NOT NULL${where}
   GROUP BY o.order_id, o.date_created, h.status`;

const statusOf = (dialect: TSummaryDialect, orders: string, removed: boolean) => {
  const sign = removed ? '-' : '';
  return `INSERT INTO ${STATUS_DELTA} (day, status, order_count, total_ms, min_ms, max_ms, removed)
   SELECT day, status, ${sign}COUNT(*), ${sign}SUM(ms), MIN(ms), MAX(ms), ${removed ? 1 : 0} FROM (
     ${statusTimes(
       dialect,
       ` AND h.order_id IN (SELECT order_id FROM ${orders})`,
       'order_status_history h JOIN orders o ON o.order_id = h.order_id',
     )}
   ) t GROUP BY day, status`;
};

/**
 * Groups whose minimum or maximum came from a changed order (read before the change), with
 * the extreme taken out (null on the side that was not).
 */
const staleExtremes = `INSERT INTO ${STATUS_STALE} (day, status, min_ms, max_ms)
   SELECT d.day, d.status,
          CASE WHEN d.min_ms <= s.min_ms THEN d.min_ms END,
          CASE WHEN d.max_ms >= s.max_ms THEN d.max_ms END
   FROM ${STATUS_DELTA} d
   JOIN analytics_status_days s ON s.day = d.day AND s.status = d.status
   WHERE d.removed = 1 AND (d.min_ms <= s.min_ms OR d.max_ms >= s.max_ms)`;

/**
 * A stale group whose new contributions reach the extreme taken out again (the usual case:
 * an order moving on keeps the times of the statuses it left) has its extreme back in the
 * merge, and needs no recomputing.
 */
const restoredExtremes = `DELETE FROM ${STATUS_STALE} WHERE EXISTS (
   SELECT 1 FROM ${STATUS_DELTA} d
   WHERE d.removed = 0 AND d.day = ${STATUS_STALE}.day AND d.status = ${STATUS_STALE}.status
     AND (${STATUS_STALE}.min_ms IS NULL OR d.min_ms <= ${STATUS_STALE}.min_ms)
     AND (${STATUS_STALE}.max_ms IS NULL OR d.max_ms >= ${STATUS_STALE}.max_ms))`;

/** Run before the changed rows replace the old: the old contributions, subtracted. */
export const summaryChangesBefore = (dialect: TSummaryDialect, orders: string): string[] => [
  ...scratch(dialect),
  processingOf(dialect, orders, '-'),
  statusOf(dialect, orders, true),
  staleExtremes,
];

const IN_ORDER_BY_KEY = [
  'join_collapse_limit = 1',
  'enable_hashjoin = off',
  'enable_mergejoin = off',
];

/** Run after: the new contributions added, the delta merged, stale extremes recomputed. */
export const summaryChangesAfter = (dialect: TSummaryDialect, orders: string): string[] => {
  const join = CHANGED_FIRST[dialect];
  return [
    processingOf(dialect, orders, ''),
    statusOf(dialect, orders, false),
    ...scratchStatisticsSql(dialect, [PROCESSING_DELTA, STATUS_DELTA]),
    mergeSql(
      dialect,
      {
        table: 'analytics_processing_days',
        keys: ['day', 'category'],
        add: ['order_count', 'total_ms'],
      },
      `SELECT day, category, SUM(order_count) AS order_count, SUM(total_ms) AS total_ms
     FROM ${PROCESSING_DELTA} GROUP BY day, category`,
    ),
    'DELETE FROM analytics_processing_days WHERE order_count = 0',
    mergeSql(
      dialect,
      {
        table: 'analytics_status_days',
        keys: ['day', 'status'],
        add: ['order_count', 'total_ms'],
        least: ['min_ms'],
        greatest: ['max_ms'],
      },
      `SELECT day, status, SUM(order_count) AS order_count, SUM(total_ms) AS total_ms,
            COALESCE(MIN(CASE WHEN removed = 0 THEN min_ms END), ${NO_MIN}) AS min_ms,
            COALESCE(MAX(CASE WHEN removed = 0 THEN max_ms END), ${NO_MAX}) AS max_ms
     FROM ${STATUS_DELTA} GROUP BY day, status`,
    ),
    'DELETE FROM analytics_status_days WHERE order_count = 0',
    restoredExtremes,
    ...scratchStatisticsSql(dialect, [STATUS_STALE]),
    `DELETE FROM analytics_status_days WHERE EXISTS (SELECT 1 FROM ${STATUS_STALE} x
     WHERE x.day = analytics_status_days.day AND x.status = analytics_status_days.status)`,
    // PostgreSQL joins in the order written while join_collapse_limit is 1, and by key
    // lookups without hash or merge joins: it cannot tell how few orders a day's range
    // holds (it guessed 98,000 a day where there were 880).
    ...(dialect === 'postgres' ? IN_ORDER_BY_KEY.map((setting) => `SET LOCAL ${setting}`) : []),
    `INSERT INTO analytics_status_days (day, status, order_count, total_ms, min_ms, max_ms)
   SELECT day, status, COUNT(*), SUM(ms), MIN(ms), MAX(ms) FROM (
     ${statusTimes(
       dialect,
       '',
       // In this order: each stale day's orders by their date index, then their history.
       // Left to themselves, MariaDB read the history by status first, every row of that
       // status; SQLite every order by its key (1.2 to 1.7 s at 110k patients for one
       // group); PostgreSQL every history row of the stale statuses hashed against every
       // order (12.6 s for 8 groups; 0.2 s in this order).
       `${STATUS_STALE} x
        ${join} orders o ON o.date_created >= x.day * 86400000 AND o.date_created < (x.day + 1) * 86400000
        ${join} order_status_history h ON h.order_id = o.order_id AND h.status = x.status`,
     )}
   ) t GROUP BY day, status`,
    ...(dialect === 'postgres'
      ? IN_ORDER_BY_KEY.map((setting) => `RESET ${setting.split(' ')[0]}`)
      : []),
  ];
};

/**
 * analytics_patient_days' share of the changed orders, signed, by patient, day and
 * category. Each changed order is read by its key: refilling the patients they reach read
 * every order of those patients instead (41 to 50 s of PostgreSQL's incremental run at a
 * million patients, one random read per order).
 */
const patientDaysOf = (dialect: TSummaryDialect, orders: string, sign: '' | '-') =>
  `INSERT INTO ${PATIENT_DAYS_DELTA} (patient_key, day, category, order_count)
   SELECT patient_key, day, category, ${sign}COUNT(*) FROM (
     SELECT o.patient_key, ${dayOf(dialect, 'o.date_created')} AS day, ${CATEGORY} AS category
     FROM ${orders} c ${CHANGED_FIRST[dialect]} orders o ON o.order_id = c.order_id
     WHERE o.patient_key IS NOT NULL AND o.date_created IS NOT NULL
   ) t GROUP BY patient_key, day, category`;

/** Before the changed orders move in: their old rows' share, subtracted. */
export const patientDayChangesBefore = (dialect: TSummaryDialect, orders: string): string[] => [
  ...scratchTableSql(
    dialect,
    PATIENT_DAYS_DELTA,
    'patient_key varchar(64) NOT NULL, day integer NOT NULL, category varchar(255) NOT NULL, order_count bigint NOT NULL',
  ),
  patientDaysOf(dialect, orders, '-'),
];

/**
 * After: their new rows' share added, the delta merged into the summary (MariaDB's key
 * collation merging rows as its full refill's does), and the rows it took to zero deleted.
 */
export const patientDayChangesAfter = (dialect: TSummaryDialect, orders: string): string[] => [
  patientDaysOf(dialect, orders, ''),
  ...scratchStatisticsSql(dialect, [PATIENT_DAYS_DELTA]),
  mergeSql(
    dialect,
    {
      table: 'analytics_patient_days',
      keys: ['patient_key', 'day', 'category'],
      add: ['order_count'],
    },
    `SELECT patient_key, day, category, SUM(order_count) AS order_count
     FROM ${PATIENT_DAYS_DELTA} GROUP BY patient_key, day, category HAVING SUM(order_count) <> 0`,
  ),
  deleteByKeysSql(
    dialect,
    'analytics_patient_days',
    'patient_key',
    { table: PATIENT_DAYS_DELTA, column: 'patient_key' },
    (row) => `${row}.order_count = 0`,
  ),
];
