import { sql, type Kysely } from 'kysely';
import { dialectOfDb, type TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { sqlString, statusGroupConditions } from '../../lib/status-sql-text';
import { SEARCHED_COLUMNS } from './search-sql';

/**
 * The worklist's summary tables (migration 0017): order_worklist holds one row per order
 * whose patient exists, with the patient's payor, names and sort keys, the order's status
 * group and the time it entered its status, so a payor's view sorted by age, patient or
 * date is one range of an index; order_worklist_counts holds how many orders each payor has
 * per classification and view, so a page's total and view counts are a few summary rows.
 * The sync engine refills both in the transaction that loads orders, order_status_history
 * or patients (sync/sync-mapping.ts), as it refills patient_order_counts, so the worklist
 * never disagrees with the tables a reader sees. summary.test.ts checks the view columns
 * against the domain's matchesView on every status; sync-summaries.test.ts the whole table
 * against the tables after real loads.
 */

/** The tables whose load refills the worklist. */
export const WORKLIST_SOURCE_TABLES = ['orders', 'order_status_history', 'patients'] as const;

/** view_group of an order whose status is in no group (the All Orders view only). */
export const NO_GROUP = '';

/** since_key of an order whose status has no known start: sorted as the youngest. */
export const UNKNOWN_SINCE = 8_640_000_000_000_000;

/** The status as the domain reads it: trimmed, compared exactly (MariaDB: as binary). */
const trimmed = (dialect: TDialect, column: string) =>
  dialect === 'mysql' ? `TRIM(${column}) COLLATE utf8mb4_bin` : `TRIM(${column})`;

/**
 * When the order entered its current status: the latest history row of that status that
 * has an entered_at, an open one (no exited_at) first. MariaDB is told to read the order's
 * rows by their index: inside the load that filled the history, its statistics still say
 * the table is empty, and it scanned the whole table once per order instead (over 500 s
 * for 156k orders).
 */
const statusSince = (dialect: TDialect) => `(
  SELECT h.entered_at FROM order_status_history h${dialect === 'mysql' ? ' FORCE INDEX (order_status_history_order_idx)' : ''}
  WHERE h.order_id = o.order_id AND h.entered_at IS NOT NULL
    AND ${trimmed(dialect, 'h.status')} = ${trimmed(dialect, 'o.status')}
  ORDER BY CASE WHEN h.exited_at IS NULL THEN 0 ELSE 1 END, h.entered_at DESC
  LIMIT 1)`;

/**
 * The same 'since' without a sort, MariaDB's whole-table statements: the latest open entry
 * of the order's current status, else its latest entry, read from the index by order and
 * status alone. Each order's rows are looked up by that index whatever the statistics say:
 * inside a load, MariaDB's statistics still call the table just loaded empty, and a join
 * then read the other table whole once per block of rows (an analytics refill ran over
 * 12 minutes at 110k patients that way). An earlier version grouped the whole history by
 * order and status first: MariaDB built that table of every pair on disk (36 s of a 107 s
 * first full sync at 50k, where the same UPDATE alone took 4 s).
 */
const latestSince = (order: string) => `(
  SELECT COALESCE(MAX(CASE WHEN h.exited_at IS NULL THEN h.entered_at END), MAX(h.entered_at))
  FROM order_status_history h FORCE INDEX (order_status_history_order_idx)
  WHERE h.order_id = ${order}.order_id AND h.entered_at IS NOT NULL
    AND ${trimmed('mysql', 'h.status')} = ${trimmed('mysql', `${order}.status`)})`;

/**
 * PostgreSQL's: each order's history rows of its current status joined and grouped by
 * order (its planner reads its statistics inside the load as they are).
 */
const currentSince = `(
       SELECT c.order_id, COALESCE(MAX(CASE WHEN h.exited_at IS NULL THEN h.entered_at END),
                                   MAX(h.entered_at)) AS since
       FROM orders c JOIN order_status_history h ON h.order_id = c.order_id
       WHERE h.entered_at IS NOT NULL
         AND ${trimmed('postgres', 'h.status')} = ${trimmed('postgres', 'c.status')}
       GROUP BY c.order_id
     )`;

/** Every order with its 'since', for a whole-table refill. */
const ordersWithSince = (dialect: TDialect) =>
  dialect === 'mysql'
    ? `SELECT o.*, ${latestSince('o')} AS since FROM orders o`
    : `SELECT o.*, s.since FROM orders o LEFT JOIN ${currentSince} s ON s.order_id = o.order_id`;

/**
 * The history reaches the worklist only through 'since'. A load of it on MariaDB and
 * PostgreSQL updates that in place, only the rows whose value moved, where deleting and
 * inserting every row again wrote all twelve indexes (MariaDB: 9 s and 53 s of a 105 s
 * full sync at 20k patients; PostgreSQL: 34 s of a 97 s full sync at 50k). MariaDB skips
 * a row whose values stay as they are by itself.
 */
const sinceUpdateSql = (dialect: 'mysql' | 'postgres') =>
  dialect === 'mysql'
    ? `UPDATE order_worklist w SET w.status_since = ${latestSince('w')},
         w.since_key = COALESCE(${latestSince('w')}, ${UNKNOWN_SINCE})`
    : `UPDATE order_worklist w SET status_since = s.since,
         since_key = COALESCE(s.since, ${UNKNOWN_SINCE})
     FROM order_worklist x LEFT JOIN ${currentSince} s ON s.order_id = x.order_id
     WHERE x.order_id = w.order_id
       AND w.since_key IS DISTINCT FROM COALESCE(s.since, ${UNKNOWN_SINCE})`;

/** The SQL the worklist's view columns are computed with (matchesView of the domain). */
export const worklistViewSql = (dialect: TDialect, table = 'o') => {
  const groups = statusGroupConditions(trimmed(dialect, `${table}.status`));
  return {
    // statusGroupOf's order: shipped, then pending documents, then in progress.
    viewGroup: `CASE WHEN ${groups.shipped} THEN 'shipped'
      WHEN ${groups.pendingDocuments} THEN 'action_items'
      WHEN ${groups.inProgress} THEN 'in_progress'
      ELSE ${sqlString(NO_GROUP)} END`,
    // The shipped view also holds orders with a delivery date or a delivery status of
    // Shipped or Delivered, whatever their status (modules/patients/status-sql.ts).
    shippedView: `CASE WHEN ${groups.shipped}
      OR (${table}.delivery_date IS NOT NULL AND ${table}.delivery_date <> '')
      OR LOWER(TRIM(${table}.delivery_status)) IN ('shipped', 'delivered')
      THEN 1 ELSE 0 END`,
  };
};

/** The three sorts' keys; each index ends with the order and its classification. */
const SORTS = {
  age: ['since_key'],
  date: ['date_key'],
  patient: ['sort_last', 'sort_first', 'patient_key'],
} as const;

/** All Orders, a status group's view (Action Items, In Progress), Order Shipped. */
const VIEWS = { all: [], group: ['view_group'], shipped: ['shipped_view'] } as const;

/** The patient index's columns: the key, then the searched lists' (search-sql.ts). */
export const WORKLIST_PATIENT_INDEX_COLUMNS = [
  'patient_key',
  ...SEARCHED_COLUMNS.filter((column) => column !== 'patient_key'),
];

/**
 * The worklist's indexes. Every view of a payor in every sort is one range, read forwards
 * or backwards; the classification at the end lets a category filter skip entries without
 * reading rows, and All Orders' indexes also hold the view columns, so an age-filtered
 * list's view counts are read from the index alone. Then the search's: a patient's
 * orders, an SO number, a tracking number.
 */
export const WORKLIST_INDEXES: { name: string; columns: readonly string[] }[] = [
  ...Object.entries(VIEWS).flatMap(([view, viewColumns]) =>
    Object.entries(SORTS).map(([sort, sortColumns]) => ({
      name: `order_worklist_${view}_${sort}_idx`,
      columns: [
        'payor_key',
        ...viewColumns,
        ...sortColumns,
        'order_id',
        'so_classification_key',
        ...(view === 'all' ? ['view_group', 'shipped_view'] : []),
      ],
    })),
  ),
  // A patient's orders with every column a search's list reads (search-sql.ts).
  { name: 'order_worklist_patient_key_idx', columns: WORKLIST_PATIENT_INDEX_COLUMNS },
  ...['so_number', 'tracking_number'].map((column) => ({
    name: `order_worklist_${column}_idx`,
    columns: [column],
  })),
];

/**
 * SQLite rebuilds the indexes rather than keep them up to date row by row: at 1M orders
 * the refill took 175 s with them in place and 50 s this way (its page cache is small, so
 * each index's random inserts go to disk). Readers are not held up: in WAL mode they read
 * the previous snapshot until the commit. PostgreSQL's DROP INDEX would lock readers out
 * until then, and MariaDB's would commit the load, so there the rows are replaced in place.
 */
const rebuildingIndexes = (dialect: TDialect, refill: string[]) =>
  dialect === 'sqlite'
    ? [
        ...WORKLIST_INDEXES.map((index) => `DROP INDEX IF EXISTS ${index.name}`),
        ...refill,
        ...WORKLIST_INDEXES.map(
          (index) => `CREATE INDEX ${index.name} ON order_worklist (${index.columns.join(', ')})`,
        ),
      ]
    : refill;

/** order_worklist's columns, in the order the refill writes them. */
export const WORKLIST_COLUMNS = [
  'order_id',
  'so_number',
  'patient_key',
  'payor_key',
  'last_name',
  'first_name',
  'patient_id',
  'dob',
  'sort_last',
  'sort_first',
  'status',
  'intake_status',
  'view_group',
  'shipped_view',
  'so_classification_key',
  'so_classification_name',
  'date_created',
  'date_key',
  'status_since',
  'since_key',
  'tracking_number',
  'carrier',
  'delivery_status',
  'delivery_date',
];

/**
 * Statistics for the planner, in the refill's transaction. Without them SQLite reads a
 * search's few orders by scanning the payor's whole range (measured at 1M orders: 80 ms
 * for one tracking number, 1 ms with them). Sampled, as the loader samples its tables
 * (sync/load/sqlite.ts). MariaDB's ANALYZE TABLE would commit the load's transaction;
 * InnoDB recomputes its statistics on its own after large changes.
 */
const freshStatistics = (dialect: TDialect): string[] => {
  switch (dialect) {
    case 'sqlite':
      return ['PRAGMA analysis_limit = 1000', 'ANALYZE order_worklist'];
    case 'postgres':
      return ['ANALYZE order_worklist'];
    case 'mysql':
      return [];
  }
};

/**
 * The INSERT that fills order_worklist from orders, their history and patients; with
 * `where`, only the orders it selects (an incremental sync's changed orders), and with
 * `into`, a table of the same columns instead. Filling the whole table, MariaDB reads the
 * orders first, in their key's order, and each one's patient by its key: starting from the
 * patients, it wrote the rows in no order (a full refill at 50k patients: 28 s, and 18 s
 * this way).
 */
export const worklistInsertSql = (dialect: TDialect, where = '', into = 'order_worklist') => {
  const view = worklistViewSql(dialect);
  const whole = where === '';
  return `INSERT INTO ${into} (${WORKLIST_COLUMNS.join(', ')})
     SELECT o.order_id, o.so_number, o.patient_key, p.payor_key,
            p.last_name, p.first_name, p.patient_id, p.dob,
            LOWER(COALESCE(p.last_name, '')), LOWER(COALESCE(p.first_name, '')),
            o.status, o.intake_status, ${view.viewGroup}, ${view.shippedView},
            o.so_classification_key, o.so_classification_name,
            o.date_created, COALESCE(o.date_created, 0),
            o.since, COALESCE(o.since, ${UNKNOWN_SINCE}),
            o.tracking_number, o.carrier, o.delivery_status, o.delivery_date
     FROM (${whole && dialect !== 'sqlite' ? ordersWithSince(dialect) : `SELECT o.*, ${statusSince(dialect)} AS since FROM orders o${where}`}) o
     ${whole && dialect === 'mysql' ? 'STRAIGHT_JOIN patients p FORCE INDEX (PRIMARY)' : 'JOIN patients p'} ON p.patient_key = o.patient_key`;
};

/** The counts' grouping, over order_worklist w (a key column cannot be NULL). */
export const WORKLIST_COUNT_GROUP = `COALESCE(w.payor_key, ''), COALESCE(w.so_classification_key, ''),
              w.view_group, w.shipped_view`;

/** The statements that rebuild both tables from orders, their history and patients. */
/** The counts rebuilt from order_worklist, and the planner's statistics after a refill. */
export const worklistCountsSql = (dialect: TDialect): string[] => [
  'DELETE FROM order_worklist_counts',
  `INSERT INTO order_worklist_counts
       (payor_key, classification_key, view_group, shipped_view, order_count)
     SELECT ${WORKLIST_COUNT_GROUP}, COUNT(*)
     FROM order_worklist w
     GROUP BY ${WORKLIST_COUNT_GROUP}`,
  ...freshStatistics(dialect),
];

export const worklistSql = (dialect: TDialect): string[] => [
  ...rebuildingIndexes(dialect, ['DELETE FROM order_worklist', worklistInsertSql(dialect)]),
  ...worklistCountsSql(dialect),
];

/** What a load of `table` must run before its commit; nothing for other tables. */
export const worklistRefillSql = (dialect: TDialect, table: string): string[] => {
  if (table === 'order_status_history' && dialect !== 'sqlite') {
    return [sinceUpdateSql(dialect)];
  }
  return (WORKLIST_SOURCE_TABLES as readonly string[]).includes(table) ? worklistSql(dialect) : [];
};

/**
 * Rebuilds the worklist in one transaction (test fixtures, a repair), or in the caller's
 * when it is one (a migration on PostgreSQL runs inside its own).
 */
export const refillWorklist = async (db: Kysely<Database>) => {
  const statements = worklistSql(dialectOfDb(db));
  const run = async (trx: Kysely<Database>) => {
    for (const statement of statements) {
      await sql.raw(statement).execute(trx);
    }
  };
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
};
