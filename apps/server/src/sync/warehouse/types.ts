import type { TWarehouseTable } from '@portal/domain/data-sync-catalogue-api';
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
  /** Refuses (WarehouseRefusal) anything but exactly one SELECT statement, without running it. */
  check: (sql: string) => Promise<void>;
  /** Streams one SELECT's rows; refused like check, stopped past the statement time limit. */
  query: (sql: string) => Promise<TWarehouseResult>;
  /** The row count of one SELECT, under the same rules. */
  count: (sql: string) => Promise<number>;
  /**
   * Every user table and view with its columns, in one query under the time limit: sorted
   * by schema and name, columns in order, each named as a mapping reads it (path).
   */
  catalogue: () => Promise<TWarehouseTable[]>;
  /** Stops whatever runs now; it and every later call fail with the reason (a cancel). */
  interrupt: (reason: Error) => void;
  close: () => Promise<void>;
};

export type TWarehouseOptions = {
  /** How long one query may keep the warehouse busy (WAREHOUSE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number | undefined;
  /** DuckDB: the memory its queries may take before they spill to disk (WAREHOUSE_MEMORY_MB). */
  memoryLimitMb?: number | undefined;
};

export const DEFAULT_STATEMENT_TIMEOUT_MS = 300_000;
export const DEFAULT_WAREHOUSE_MEMORY_MB = 1024;

/** SQL the warehouse will not run: more than one statement, or not a SELECT. */
export class WarehouseRefusal extends Error {
  override name = 'WarehouseRefusal';
  readonly category = 'syntax_error';
}

/** A query stopped at the statement time limit. */
export class WarehouseTimeout extends Error {
  override name = 'WarehouseTimeout';
  constructor(limitMs: number) {
    super(
      // No word the error categories read as a connection failure: a runaway query is not retried.
      `The warehouse query ran longer than the time limit of ${Math.round(limitMs / 1000)} s and was stopped. Narrow the query, or ask an administrator to raise the warehouse time limit.`,
    );
  }
}

/**
 * A query that needed more memory than the embedded warehouse may take (WAREHOUSE_MEMORY_MB)
 * and could not spill to disk. DuckDB's own advice (SET threads, SET memory_limit) names
 * settings no mapping can change; this says what an administrator can.
 */
export class WarehouseOutOfMemory extends Error {
  override name = 'WarehouseOutOfMemory';
  constructor(limitMb: number, cause: Error) {
    // DuckDB's first line says what ran out; its suggestions after it are not the portal's.
    const what = cause.message.split('\n')[0]!.trim();
    super(
      // No word the error categories read as a connection failure: more memory is not retried.
      `The warehouse query needed more memory than the warehouse's limit of ${limitMb.toLocaleString('en-US')} MB and was stopped (${what}). Ask an administrator to raise WAREHOUSE_MEMORY_MB, or narrow the query.`,
      { cause },
    );
  }
}
