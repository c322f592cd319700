import type { TDialect } from '../../db/database';
import { mergeSql, scratchTableSql } from '../../lib/sql-merge';
import { WORKLIST_COUNT_GROUP, worklistInsertSql } from './summary';

/**
 * The worklist kept up to date from the orders an incremental sync changed (issue 33):
 * their order_worklist rows are replaced, and order_worklist_counts takes the difference
 * between the rows removed and the rows put back, so neither table is rebuilt from every
 * order. `orders` names a table of the changed order_id values; the result is the same as
 * summary.ts's full refill (incremental-derived.test.ts compares them).
 */

const DELTA = 'sync_delta_worklist';

const countRows = (orders: string, sign: '' | '-') =>
  `INSERT INTO ${DELTA} (payor_key, classification_key, view_group, shipped_view, order_count)
   SELECT ${WORKLIST_COUNT_GROUP}, ${sign}COUNT(*) FROM order_worklist w
   WHERE w.order_id IN (SELECT order_id FROM ${orders})
   GROUP BY ${WORKLIST_COUNT_GROUP}`;

export const worklistChangesSql = (dialect: TDialect, orders: string): string[] => [
  ...scratchTableSql(
    dialect,
    DELTA,
    'payor_key varchar(64) NOT NULL, classification_key varchar(64) NOT NULL, view_group varchar(16) NOT NULL, shipped_view smallint NOT NULL, order_count bigint NOT NULL',
  ),
  countRows(orders, '-'),
  `DELETE FROM order_worklist WHERE order_id IN (SELECT order_id FROM ${orders})`,
  worklistInsertSql(dialect, ` WHERE o.order_id IN (SELECT order_id FROM ${orders})`),
  countRows(orders, ''),
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
