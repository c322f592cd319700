import type { TBatch } from '../batch';
import type { TWarehouseDialect } from '../compile';

export type TWarehouseResult = {
  /** Column names as the query returned them. */
  columns: string[];
  /** Batches in order; memory holds about one batch at a time. */
  batches: AsyncIterable<TBatch>;
};

/** A warehouse the engine reads from: DuckDB (embedded default) or Snowflake. */
export type TWarehouse = {
  kind: 'duckdb' | 'snowflake';
  dialect: TWarehouseDialect;
  /** What job records show as their source, without credentials. */
  label: string;
  query: (sql: string) => Promise<TWarehouseResult>;
  count: (sql: string) => Promise<number>;
  close: () => Promise<void>;
};
