import type { Kysely } from 'kysely';
import { PREVIEW_ROW_LIMIT, type TPreviewResponse } from '@portal/domain/data-sync-catalogue-api';
import type { TSyncDestination } from '@portal/domain/sync-destinations';
import type { TMapping } from '@portal/domain/sync-mapping';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { TValue } from '../../sync/batch';
import { compileMapping } from '../../sync/compile';
import type { TWarehouse } from '../../sync/warehouse/types';
import { destinationTables, warehouseFailure } from './catalogue';

/**
 * The first rows of what a mapping would load, without loading it (issue 31's editor):
 * the compiled SQL, the full count and at most PREVIEW_ROW_LIMIT rows.
 */

/** The compiled query, limited; on lines of its own so a trailing comment stays closed. */
export const previewSql = (query: string) =>
  `SELECT * FROM (\n${query}\n) AS "_preview" LIMIT ${PREVIEW_ROW_LIMIT}`;

/** A value as JSON carries it: a number JSON cannot hold (NaN, Infinity) as its text. */
const jsonValue = (value: TValue): TValue =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value) : value;

/** The warehouse tables a mapping names, for the audit trail (queries: their SQL). */
export const tablesRead = (mapping: TMapping) =>
  mapping.type === 'snowpark_dataframe'
    ? {
        tables: (mapping.operations ?? []).flatMap((operation) =>
          operation.type === 'base_table' || operation.type === 'join' ? [operation.table] : [],
        ),
      }
    : { query: (mapping.query ?? '').slice(0, 2000) };

/** Reads the first rows and stops: the rest of the result is never fetched. */
const firstRows = async (warehouse: TWarehouse, query: string) => {
  const result = await warehouse.query(previewSql(query));
  const iterator = result.batches[Symbol.asyncIterator]();
  const rows: TValue[][] = [];
  try {
    while (rows.length < PREVIEW_ROW_LIMIT) {
      const next = await iterator.next();
      if (next.done) {
        break;
      }
      const batch = next.value;
      for (let row = 0; row < batch.rowCount && rows.length < PREVIEW_ROW_LIMIT; row += 1) {
        rows.push(batch.columns.map((column) => jsonValue(column[row] ?? null)));
      }
    }
  } finally {
    await iterator.return?.();
  }
  return { columns: result.columns, rows };
};

/**
 * Previews a validated mapping: checked as a sync checks it, then its first rows and its
 * count read under the warehouse's time limit. What the warehouse refuses answers 400.
 */
export const previewMapping = async (options: {
  db: Kysely<Database>;
  dialect: TDialect;
  warehouse: TWarehouse;
  mapping: TMapping;
}): Promise<TPreviewResponse> => {
  const { db, dialect, warehouse, mapping } = options;
  const query = compileMapping(mapping, warehouse.dialect);
  let read;
  try {
    await warehouse.check(query);
    read = await firstRows(warehouse, query);
    read = { ...read, count: await warehouse.count(query) };
  } catch (error) {
    throw warehouseFailure(error);
  }
  // validateMapping let only a sync destination through.
  const [destination] = await destinationTables(db, dialect, [
    mapping.mysql_table as TSyncDestination,
  ]);
  const known = new Set(destination!.columns.map((column) => column.name.toLowerCase()));
  return {
    success: true,
    sql: query,
    count: read.count,
    columns: read.columns,
    rows: read.rows,
    unknown_columns: read.columns.filter((name) => !known.has(name.toLowerCase())),
  };
};
