import type { Kysely } from 'kysely';
import type { TDialect } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import type { Database } from '../../db/schema';
import {
  listCount,
  listParams,
  type TListParams,
  type TListShape,
  type TPageShape,
} from './search-sql';

/**
 * The patient list and the intake list are the same kind of list: a payor's people
 * by name, searchable, paged. What they share: the prepared count, and how a request
 * becomes a page query's shape and values.
 */

export type TNameListQuery = { dialect: TDialect; payorKey: string; search: string };
export type TPageRequest = { page: number; perPage: number };
type TNameListTable = TListShape['table'];

const shapeOf = (table: TNameListTable, query: TNameListQuery, params: TListParams) => ({
  dialect: query.dialect,
  table,
  terms: params.low.length,
});

const count = preparedQuery((shape: TListShape) => `${shape.dialect}:${shape.table}`, listCount);

/** How many rows the list has: the payor's, or the search's matches. */
export const countNameList = async (
  db: Kysely<Database>,
  table: TNameListTable,
  query: TNameListQuery,
) => {
  const params = listParams(query.payorKey, query.search);
  const [row] = await count.execute(db, shapeOf(table, query, params), params);
  return row?.total ?? 0;
};

/** The shape and values of a page query (search-sql.ts pageKeys) for this request. */
export const pageArguments = (
  table: TNameListTable,
  query: TNameListQuery & TPageRequest,
): [TPageShape, TListParams] => {
  const params = listParams(query.payorKey, query.search);
  return [
    {
      ...shapeOf(table, query, params),
      perPage: query.perPage,
      offset: (query.page - 1) * query.perPage,
    },
    params,
  ];
};

/** A page query's shape key: what, besides list lengths, changes its SQL. */
export const pageShapeKey = (shape: TPageShape) =>
  `${shape.dialect}:${shape.perPage}:${shape.offset}`;
