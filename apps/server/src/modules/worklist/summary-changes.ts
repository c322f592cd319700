import type { TDialect } from '../../db/database';
import type { TAfterLoad } from '../../sync/load/types';
import {
  deleteByKeysSql,
  insertIgnoreSql,
  mergeSql,
  sameValue,
  scratchTableSql,
} from '../../lib/sql-merge';
import {
  WORKLIST_COLUMNS,
  WORKLIST_COUNT_GROUP,
  WORKLIST_INDEXES,
  WORKLIST_SOURCE_TABLES,
  worklistCountsSql,
  worklistInsertSql,
  worklistRefillSql,
} from './summary';

/**
 * The worklist kept up to date from the orders an incremental sync changed (issue 33).
 * Their rows are computed afresh into a scratch table and compared with order_worklist
 * column by column: only rows that differ are updated (or deleted, or inserted), so the
 * indexes are written for orders whose worklist row really moved, not for every order a
 * load traced (a patient's new address, or a history load after the orders load already
 * brought the status, changes no worklist column). order_worklist_counts takes the
 * difference between the rows removed and the rows put back. `orders` names a table of
 * the changed order_id values; the result is the same as summary.ts's full refill
 * (incremental-derived.test.ts compares them).
 */

const DELTA = 'sync_delta_worklist';
const FRESH = 'sync_fresh_worklist';

/** A scratch table of order_worklist's columns, without its indexes, keyed by order. */
const freshTableSql = (dialect: TDialect): string[] => {
  switch (dialect) {
    case 'mysql':
      // CREATE … SELECT keeps each column's type and collation.
      return [
        `CREATE TEMPORARY TABLE IF NOT EXISTS ${FRESH} (PRIMARY KEY (order_id)) SELECT * FROM order_worklist LIMIT 0`,
        `DELETE FROM ${FRESH}`,
      ];
    case 'postgres':
      return [
        `CREATE TEMP TABLE IF NOT EXISTS ${FRESH} (LIKE order_worklist, PRIMARY KEY (order_id))`,
        `DELETE FROM ${FRESH}`,
      ];
    case 'sqlite':
      return [
        `CREATE TEMP TABLE IF NOT EXISTS ${FRESH} AS SELECT * FROM order_worklist WHERE 0`,
        `CREATE UNIQUE INDEX IF NOT EXISTS temp.${FRESH}_order ON ${FRESH} (order_id)`,
        `DELETE FROM ${FRESH}`,
      ];
  }
};

const sameColumns = (dialect: TDialect, columns: readonly string[], a: string, b: string) =>
  columns.map((column) => sameValue(dialect, `${a}.${column}`, `${b}.${column}`)).join(' AND ');

const sameRow = (dialect: TDialect, a: string, b: string) =>
  sameColumns(dialect, WORKLIST_COLUMNS, a, b);

/**
 * order_worklist's columns other than the key, grouped by the indexes that hold them. SQLite
 * rewrites an updated row's entry in every index that holds a column the UPDATE sets,
 * whether its value moved or not: a patient's new name (sort columns, four indexes) or an
 * order's new 'since' (four) rewrote all twelve, about 25 pages of the WAL per row.
 */
const COLUMNS_BY_INDEXES: string[][] = [
  ...WORKLIST_COLUMNS.filter((column) => column !== 'order_id')
    .reduce((groups, column) => {
      const indexes = WORKLIST_INDEXES.filter((index) => index.columns.includes(column))
        .map((index) => index.name)
        .join(' ');
      return groups.set(indexes, [...(groups.get(indexes) ?? []), column]);
    }, new Map<string, string[]>())
    .values(),
];

/** Each worklist row that differs from its fresh row takes the fresh row's values. */
const updateFromFreshSql = (dialect: TDialect): string[] => {
  const columns = WORKLIST_COLUMNS.filter((column) => column !== 'order_id');
  switch (dialect) {
    case 'mysql':
      // InnoDB compares each index's columns itself and rewrites only the entries that moved.
      return [
        `UPDATE ${FRESH} f STRAIGHT_JOIN order_worklist t ON t.order_id = f.order_id
       SET ${columns.map((column) => `t.${column} = f.${column}`).join(', ')}
       WHERE NOT (${sameRow(dialect, 'f', 't')})`,
      ];
    case 'postgres':
      // A row version whose indexed columns moved is new in every index: one UPDATE.
      return [
        `UPDATE order_worklist t SET ${columns.map((column) => `${column} = f.${column}`).join(', ')}
       FROM ${FRESH} f WHERE f.order_id = t.order_id AND NOT (${sameRow(dialect, 'f', 't')})`,
      ];
    case 'sqlite':
      // One UPDATE per group of columns (COLUMNS_BY_INDEXES), setting only the group's, on
      // the rows where one of them moved. The IN lets SQLite read the worklist by key for
      // each fresh row: left to the join alone, it scanned the whole worklist.
      return COLUMNS_BY_INDEXES.map(
        (
          group,
        ) => `UPDATE order_worklist SET ${group.map((column) => `${column} = f.${column}`).join(', ')}
       FROM ${FRESH} AS f
       WHERE order_worklist.order_id IN (SELECT order_id FROM ${FRESH})
         AND f.order_id = order_worklist.order_id
         AND NOT (${sameColumns(dialect, group, 'f', 'order_worklist')})`,
      );
  }
};

export const worklistChangesSql = (dialect: TDialect, orders: string): string[] => {
  // A row (named `row`) that its fresh row does not repeat exactly, or that has none.
  const differs = (row: string) => `NOT EXISTS (SELECT 1 FROM ${FRESH} f
       WHERE f.order_id = ${row}.order_id AND ${sameRow(dialect, 'f', row)})`;
  const countInto = `INSERT INTO ${DELTA} (payor_key, classification_key, view_group, shipped_view, order_count)`;
  return [
    ...scratchTableSql(
      dialect,
      DELTA,
      'payor_key varchar(64) NOT NULL, classification_key varchar(64) NOT NULL, view_group varchar(16) NOT NULL, shipped_view smallint NOT NULL, order_count bigint NOT NULL',
    ),
    ...freshTableSql(dialect),
    worklistInsertSql(dialect, ` WHERE o.order_id IN (SELECT order_id FROM ${orders})`, FRESH),
    // Out of the counts: every row about to change or go.
    `${countInto}
     SELECT ${WORKLIST_COUNT_GROUP}, -COUNT(*) FROM order_worklist w
     WHERE w.order_id IN (SELECT order_id FROM ${orders}) AND ${differs('w')}
     GROUP BY ${WORKLIST_COUNT_GROUP}`,
    // Rows of orders that have none any more go.
    deleteByKeysSql(
      dialect,
      'order_worklist',
      'order_id',
      { table: orders, column: 'order_id' },
      (row) => `NOT EXISTS (SELECT 1 FROM ${FRESH} f WHERE f.order_id = ${row}.order_id)`,
    ),
    // Into the counts: every fresh row the table does not hold as it is.
    `${countInto}
     SELECT ${WORKLIST_COUNT_GROUP}, COUNT(*) FROM ${FRESH} w
     WHERE NOT EXISTS (SELECT 1 FROM order_worklist x WHERE x.order_id = w.order_id AND ${sameRow(dialect, 'x', 'w')})
     GROUP BY ${WORKLIST_COUNT_GROUP}`,
    // SQLite's updates pass over the fresh rows once per index group: the rows the worklist
    // already holds as they are leave first, so those passes read only what moved.
    ...(dialect === 'sqlite'
      ? [
          `DELETE FROM ${FRESH} WHERE EXISTS (SELECT 1 FROM order_worklist x
           WHERE x.order_id = ${FRESH}.order_id AND ${sameRow(dialect, 'x', FRESH)})`,
        ]
      : []),
    // Updated in place: MariaDB then rewrites only the indexes of the columns that moved.
    ...updateFromFreshSql(dialect),
    `INSERT INTO order_worklist (${WORKLIST_COLUMNS.join(', ')})
     SELECT ${WORKLIST_COLUMNS.join(', ')} FROM ${FRESH} w
     WHERE NOT EXISTS (SELECT 1 FROM order_worklist x WHERE x.order_id = w.order_id)`,
    mergeSql(
      dialect,
      {
        table: 'order_worklist_counts',
        keys: ['payor_key', 'classification_key', 'view_group', 'shipped_view'],
        add: ['order_count'],
      },
      `SELECT payor_key, classification_key, view_group, shipped_view, SUM(order_count) AS order_count
     FROM ${DELTA} GROUP BY payor_key, classification_key, view_group, shipped_view`,
    ),
    'DELETE FROM order_worklist_counts WHERE order_count = 0',
  ];
};

/** The orders whose worklist rows wait for the step after a group's loads (migration 0034). */
export const WORKLIST_PENDING = 'sync_worklist_pending';

/** An incremental load's share: the orders it changed, added to the pending ones. */
export const worklistPendingSql = (dialect: TDialect, orders: string) =>
  insertIgnoreSql(dialect, WORKLIST_PENDING, ['order_id'], `SELECT order_id FROM ${orders}`);

/**
 * The pending orders' worklist rows brought up to date, and the table emptied, in one
 * transaction that first locks out every load adding to it until the commit: a load that
 * changed an order after its fresh row was computed must find it pending still, not see
 * it deleted. PostgreSQL locks the table; MariaDB's locking read takes every row and the
 * gaps between them (its reads that follow see what committed before it); SQLite's write
 * transaction is the only one. PostgreSQL prices its key lookups as an incremental load
 * does (sync/incremental.ts): at the default random_page_cost the step's statements read
 * whole tables (5.3 s against 4.5 s at 110k patients).
 */
export const worklistFlushSql = (dialect: TDialect): string[] => [
  ...(dialect === 'postgres'
    ? [
        `LOCK TABLE ${WORKLIST_PENDING} IN EXCLUSIVE MODE`,
        'SET LOCAL random_page_cost = 1.1',
        'SET LOCAL default_statistics_target = 10',
        `ANALYZE ${WORKLIST_PENDING}`,
      ]
    : dialect === 'mysql'
      ? [`SELECT COUNT(*) FROM ${WORKLIST_PENDING} FOR UPDATE`]
      : []),
  ...worklistChangesSql(dialect, WORKLIST_PENDING),
  `DELETE FROM ${WORKLIST_PENDING}`,
];

/**
 * The first fill of an empty worklist: every row inserted from the orders by one statement,
 * with no scratch table to compare with (the scratch table took 13.4 of MariaDB's 33 s and
 * 10.2 of PostgreSQL's 15.8 s at 110k patients).
 *
 * PostgreSQL: inserted with the twelve secondary indexes in place, the rows went into each
 * at random, and at 1M patients (7.9M orders) the insert ran past 20 minutes. The
 * secondary indexes are dropped before the insert and built afterwards, each from one
 * sorted pass. The DROP holds the table's lock to the commit, so a reader of the (still
 * empty) worklist waits for the first orders load to commit and then sees its rows.
 *
 * MariaDB: the INSERT is the first statement in the transaction to lock the table, with
 * unique_checks and foreign_key_checks off for it, so InnoDB sorts each index's entries once
 * and builds its pages whole (sync/load/mysql.ts) instead of inserting 854,561 rows into
 * thirteen indexes one by one (78 to 87 s of the first full sync at 110k patients). A
 * DELETE, an UPDATE, even a read of the empty table inside a write (its next-key lock)
 * rules that out, hence the choice made first by a plain read (TAfterLoad's ifEmpty). The
 * key is still checked; the table has no other unique key and no foreign key.
 */
const fillEmptySql = (dialect: 'mysql' | 'postgres'): string[] =>
  dialect === 'postgres'
    ? [
        ...WORKLIST_INDEXES.map((index) => `DROP INDEX ${index.name}`),
        worklistInsertSql(dialect),
        ...WORKLIST_INDEXES.map(
          (index) => `CREATE INDEX ${index.name} ON order_worklist (${index.columns.join(', ')})`,
        ),
        ...worklistCountsSql(dialect),
      ]
    : [
        `SET STATEMENT unique_checks = 0, foreign_key_checks = 0 FOR
         ${worklistInsertSql(dialect)}`,
        ...worklistCountsSql(dialect),
      ];

/**
 * A whole-table refill on MariaDB and PostgreSQL, compared like an incremental run's: every
 * row computed afresh into the scratch table, then only the rows that differ written. A
 * nightly full reload of patients or orders finds most worklist rows as they were, and
 * deleting and inserting them all wrote twelve indexes for each (MariaDB at 50k patients:
 * 14 s to delete and 18 to 20 s to insert, in each of the two loads). SQLite rebuilds its
 * indexes after a plain refill instead (summary.ts), which measured faster there. An empty
 * worklist is filled without the compare (fillEmptySql).
 */
const compareAllSql = (dialect: 'mysql' | 'postgres'): TAfterLoad[] => {
  const columns = WORKLIST_COLUMNS.join(', ');
  const compare = [
    ...freshTableSql(dialect),
    worklistInsertSql(dialect, '', FRESH),
    // PostgreSQL never analyses a temporary table by itself: without this it took the
    // scratch table for a few rows and chose loops that read it whole per row.
    ...(dialect === 'postgres' ? [`ANALYZE ${FRESH}`] : []),
    // Looked up by key per row: no join whose plan would follow the scratch table's statistics.
    `DELETE FROM order_worklist
     WHERE NOT EXISTS (SELECT 1 FROM ${FRESH} f WHERE f.order_id = order_worklist.order_id)`,
    ...updateFromFreshSql(dialect),
    // The missing rows. PostgreSQL's statistics of the worklist may still say what it held
    // before the load: a NOT EXISTS there became a loop reading the table whole per row,
    // past 14 minutes at 50k patients; the key's conflict check is one probe of its index
    // per row.
    dialect === 'postgres'
      ? `INSERT INTO order_worklist (${columns}) SELECT ${columns} FROM ${FRESH}
         ON CONFLICT (order_id) DO NOTHING`
      : `INSERT INTO order_worklist (${columns}) SELECT ${columns} FROM ${FRESH} w
         WHERE NOT EXISTS (SELECT 1 FROM order_worklist x WHERE x.order_id = w.order_id)`,
    ...worklistCountsSql(dialect),
  ];
  return [{ ifEmpty: 'order_worklist', then: fillEmptySql(dialect), otherwise: compare }];
};

/** What a full load of `table` runs for the worklist before its commit. */
export const worklistLoadSql = (dialect: TDialect, table: string): TAfterLoad[] =>
  dialect !== 'sqlite' &&
  table !== 'order_status_history' &&
  (WORKLIST_SOURCE_TABLES as readonly string[]).includes(table)
    ? compareAllSql(dialect)
    : worklistRefillSql(dialect, table);
