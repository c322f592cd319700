import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { TOrderView } from '@portal/domain/order-progress';
import type { TOrderViewCounts } from '@portal/domain/patients-api';
import type { TSortDirection, TWorklistSort } from '@portal/domain/worklist-api';
import { dialectOfDb } from '../../db/database';
import type { Database, OrderWorklistTable } from '../../db/schema';
import { countWhen, orderStatusSql } from '../patients/status-sql';
import { searchedRows, type TWorklistSearch } from './search-sql';

/**
 * Reads of the worklist summary (summary.ts). A page is read as the keys of its rows off
 * the index of its payor, view and sort (migration 0017), then those rows; a page past the
 * middle is read from the other end of the same index, so the last page costs what the
 * first does. Totals and view counts come from order_worklist_counts unless the search or
 * the age filter narrows the rows, when the matching rows are counted.
 */

export type TWorklistFilter = {
  payorKey: string;
  /** Only these classification keys; null for every order (none enabled, none chosen). */
  classifications: string[] | null;
  view: TOrderView;
  subStatus?: string | undefined;
  /** Only orders that entered their status at or before this time (epoch ms). */
  sinceAtMost?: number | undefined;
  /** The search (search-sql.ts) and the orders its text names by number. */
  search?: { plan: TWorklistSearch; numberIds: string[] } | undefined;
};

export type TWorklistOrder = { sort: TWorklistSort; dir: TSortDirection };

type TWorklistDb = Database & { orders: OrderWorklistTable };
type TWorklistEb = ExpressionBuilder<TWorklistDb, 'orders'>;
type TOrdersEb = Parameters<ReturnType<typeof orderStatusSql>['subStatusCondition']>[0];

/** A view other than All Orders: its status group (view_group holds the view's name) or shipped_view. */
const viewCondition = (eb: TWorklistEb, view: Exclude<TOrderView, 'all'>) =>
  view === 'shipped' ? eb('orders.shipped_view', '=', 1) : eb('orders.view_group', '=', view);

/**
 * The payor's rows under the filter; without the view and sub-status when `withView` is
 * false (what the view counts count). The table is named `orders` in the statement, so the
 * sub-status rule of patients/status-sql.ts reads its status column as it reads the orders'.
 */
const worklistRows = (db: Kysely<Database>, filter: TWorklistFilter, withView: boolean) => {
  const dialect = dialectOfDb(db);
  const { classifications, sinceAtMost, search, view, subStatus } = filter;
  const table = db.selectFrom('order_worklist as orders');
  // A search's matches are the rows themselves, read from the patient index alone
  // (search-sql.ts). They hold the columns the statements here read: those of
  // SEARCHED_COLUMNS, and the status when a sub-status is asked (withStatus).
  const source =
    search !== undefined
      ? (db.selectFrom(
          searchedRows(db, {
            dialect,
            payorKey: filter.payorKey,
            search: search.plan,
            numberIds: search.numberIds,
            withStatus: withView && Boolean(subStatus),
          }).as('orders'),
        ) as unknown as typeof table)
      : table;
  let query = source.where('orders.payor_key', '=', filter.payorKey);
  if (classifications !== null) {
    query =
      classifications.length === 0
        ? query.where(sql<SqlBool>`1 = 0`)
        : query.where('orders.so_classification_key', 'in', classifications);
  }
  if (sinceAtMost !== undefined) {
    query = query.where('orders.since_key', '<=', sinceAtMost);
  }
  if (withView && view !== 'all') {
    query = query.where((eb) => viewCondition(eb, view));
  }
  if (withView && subStatus) {
    const statusSql = orderStatusSql(dialect);
    query = query.where((eb) =>
      statusSql.subStatusCondition(eb as unknown as TOrdersEb, subStatus),
    );
  }
  return query;
};

/** Each view's count under the filter, ignoring its view and sub-status. */
export const countViews = async (
  db: Kysely<Database>,
  filter: TWorklistFilter,
): Promise<TOrderViewCounts> => {
  if (filter.search === undefined && filter.sinceAtMost === undefined) {
    return countViewsFromSummary(db, filter);
  }
  const row = await worklistRows(db, filter, false)
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      countWhen(eb('orders.view_group', '=', 'action_items')).as('action_items'),
      countWhen(eb('orders.view_group', '=', 'in_progress')).as('in_progress'),
      countWhen(eb('orders.shipped_view', '=', 1)).as('shipped'),
    ])
    .executeTakeFirst();
  return viewCounts(row);
};

const countViewsFromSummary = async (db: Kysely<Database>, filter: TWorklistFilter) => {
  const { classifications } = filter;
  if (classifications !== null && classifications.length === 0) {
    return viewCounts(undefined);
  }
  let query = db
    .selectFrom('order_worklist_counts as c')
    .where('c.payor_key', '=', filter.payorKey);
  if (classifications !== null) {
    query = query.where('c.classification_key', 'in', classifications);
  }
  const sumWhen = (condition: Expression<SqlBool>) =>
    sql<number>`sum(case when ${condition} then ${sql.ref('c.order_count')} else 0 end)`;
  const row = await query
    .select((eb) => [
      eb.fn.sum<number>('c.order_count').as('all'),
      sumWhen(eb('c.view_group', '=', 'action_items')).as('action_items'),
      sumWhen(eb('c.view_group', '=', 'in_progress')).as('in_progress'),
      sumWhen(eb('c.shipped_view', '=', 1)).as('shipped'),
    ])
    .executeTakeFirst();
  return viewCounts(row);
};

// sum() over no rows is null.
const viewCounts = (row: Partial<Record<keyof TOrderViewCounts, number | null>> | undefined) => ({
  all: row?.all ?? 0,
  in_progress: row?.in_progress ?? 0,
  action_items: row?.action_items ?? 0,
  shipped: row?.shipped ?? 0,
});

/** How many rows the list has: its view's count, or the rows of its sub-status counted. */
export const countRows = async (
  db: Kysely<Database>,
  filter: TWorklistFilter,
  counts: TOrderViewCounts,
): Promise<number> => {
  if (!filter.subStatus) {
    return counts[filter.view];
  }
  const row = await worklistRows(db, filter, true)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  return row?.total ?? 0;
};

const SORT_COLUMNS = {
  age: ['since_key', 'order_id'],
  date: ['date_key', 'order_id'],
  patient: ['sort_last', 'sort_first', 'patient_key', 'order_id'],
} as const satisfies Record<TWorklistSort, readonly (keyof OrderWorklistTable)[]>;

/** The SQL direction of a sort: age desc (the longest waiting first) is the oldest time first. */
const sqlDirection = ({ sort, dir }: TWorklistOrder, reversed = false): 'asc' | 'desc' => {
  const ascending = (sort === 'age' ? dir === 'desc' : dir === 'asc') !== reversed;
  return ascending ? 'asc' : 'desc';
};

const DISPLAY_COLUMNS = [
  'order_id',
  'so_number',
  'patient_key',
  'last_name',
  'first_name',
  'patient_id',
  'dob',
  'status',
  'intake_status',
  'so_classification_key',
  'so_classification_name',
  'date_created',
  'status_since',
  'tracking_number',
  'carrier',
  'delivery_status',
  'delivery_date',
] as const satisfies readonly (keyof OrderWorklistTable)[];

export type TWorklistRowData = Pick<OrderWorklistTable, (typeof DISPLAY_COLUMNS)[number]>;

/**
 * Rows of the list in list order (backwards when `reversed`), `limit` from `offset`: their
 * keys off the sort's index (or a search's matches), then those rows by key.
 */
const rowsInOrder = (
  db: Kysely<Database>,
  filter: TWorklistFilter,
  order: TWorklistOrder & { reversed?: boolean },
  range: { limit: number; offset?: number },
): Promise<TWorklistRowData[]> => {
  const direction = sqlDirection(order, order.reversed);
  const columns = SORT_COLUMNS[order.sort];
  const keys = columns
    .reduce(
      (query, column) => query.orderBy(`orders.${column}`, direction),
      worklistRows(db, filter, true).select('orders.order_id'),
    )
    .limit(range.limit)
    .offset(range.offset ?? 0);
  return columns
    .reduce(
      (query, column) => query.orderBy(`w.${column}`, direction),
      db
        .selectFrom(keys.as('page'))
        .innerJoin('order_worklist as w', 'w.order_id', 'page.order_id')
        .select(DISPLAY_COLUMNS.map((column) => `w.${column}` as const)),
    )
    .execute();
};

/**
 * One page of rows in list order. `total` is the list's count (countRows): a page past
 * the middle is read backwards from the end.
 */
export const listPage = async (
  db: Kysely<Database>,
  filter: TWorklistFilter,
  options: TWorklistOrder & { page: number; perPage: number; total: number },
): Promise<TWorklistRowData[]> => {
  const { perPage, total } = options;
  const offset = (options.page - 1) * perPage;
  if (offset >= total) {
    return [];
  }
  const reversed = offset + perPage / 2 > total / 2;
  const limit = reversed ? Math.min(perPage, total - offset) : perPage;
  const start = reversed ? Math.max(0, total - offset - perPage) : offset;
  const rows = await rowsInOrder(db, filter, { ...options, reversed }, { limit, offset: start });
  return reversed ? rows.reverse() : rows;
};

/**
 * Every row of the list in list order, at most `limit` (the CSV export): the keys in list
 * order, then their rows, as a page is read.
 */
export const listAll = (
  db: Kysely<Database>,
  filter: TWorklistFilter,
  options: TWorklistOrder & { limit: number },
): Promise<TWorklistRowData[]> => rowsInOrder(db, filter, options, { limit: options.limit });
