import type { TDialect } from '../../db/database';
import { deleteByKeysSql, mergeSql, sameValue, scratchTableSql } from '../../lib/sql-merge';
import { WORKLIST_COLUMNS, WORKLIST_COUNT_GROUP, worklistInsertSql } from './summary';

/**
 * The worklist kept up to date from the orders an incremental sync changed (issue 33).
 * Their rows are computed afresh into a scratch table and compared with order_worklist
 * column by column: only rows that differ are deleted and inserted again, so the twelve
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

const sameRow = (dialect: TDialect, a: string, b: string) =>
  WORKLIST_COLUMNS.map((column) => sameValue(dialect, `${a}.${column}`, `${b}.${column}`)).join(
    ' AND ',
  );

export const worklistChangesSql = (dialect: TDialect, orders: string): string[] => {
  // A row (named `row`) that its fresh row does not repeat exactly, or that has none.
  const differs = (row: string) => `NOT EXISTS (SELECT 1 FROM ${FRESH} f
       WHERE f.order_id = ${row}.order_id AND ${sameRow(dialect, 'f', row)})`;
  // Once the stale rows are gone: a fresh row whose order has none.
  const missing = `NOT EXISTS (SELECT 1 FROM order_worklist x WHERE x.order_id = w.order_id)`;
  return [
    ...scratchTableSql(
      dialect,
      DELTA,
      'payor_key varchar(64) NOT NULL, classification_key varchar(64) NOT NULL, view_group varchar(16) NOT NULL, shipped_view smallint NOT NULL, order_count bigint NOT NULL',
    ),
    ...freshTableSql(dialect),
    worklistInsertSql(dialect, ` WHERE o.order_id IN (SELECT order_id FROM ${orders})`, FRESH),
    `INSERT INTO ${DELTA} (payor_key, classification_key, view_group, shipped_view, order_count)
     SELECT ${WORKLIST_COUNT_GROUP}, -COUNT(*) FROM order_worklist w
     WHERE w.order_id IN (SELECT order_id FROM ${orders}) AND ${differs('w')}
     GROUP BY ${WORKLIST_COUNT_GROUP}`,
    deleteByKeysSql(
      dialect,
      'order_worklist',
      'order_id',
      { table: orders, column: 'order_id' },
      differs,
    ),
    `INSERT INTO ${DELTA} (payor_key, classification_key, view_group, shipped_view, order_count)
     SELECT ${WORKLIST_COUNT_GROUP}, COUNT(*) FROM ${FRESH} w WHERE ${missing}
     GROUP BY ${WORKLIST_COUNT_GROUP}`,
    `INSERT INTO order_worklist (${WORKLIST_COLUMNS.join(', ')})
     SELECT ${WORKLIST_COLUMNS.join(', ')} FROM ${FRESH} w WHERE ${missing}`,
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
