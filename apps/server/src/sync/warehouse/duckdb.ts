import {
  DuckDBInstance,
  DuckDBTypeId,
  StatementType,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBValue,
} from '@duckdb/node-api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAPPING_MESSAGES } from '@portal/domain/sync-mapping';
import type { TBatch, TValue } from '../batch';
import { duckdbDialect } from '../compile';
import { DUCKDB_CATALOGUE_SQL, catalogueOf, catalogueRow } from './catalogue';
import {
  DEFAULT_STATEMENT_TIMEOUT_MS,
  DEFAULT_WAREHOUSE_MEMORY_MB,
  WarehouseOutOfMemory,
  WarehouseRefusal,
  WarehouseTimeout,
  type TWarehouse,
  type TWarehouseOptions,
} from './types';

type TConvert = (value: DuckDBValue) => TValue;

const DAY_MS = 86_400_000;

const isoDate = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);

const asNumber: TConvert = (value) => Number(value);

/** DuckDB values to the engine's plain values; chosen once per column, not per value. */
const converterFor = (type: DuckDBTypeId): TConvert | undefined => {
  switch (type) {
    case DuckDBTypeId.VARCHAR:
      return undefined;
    case DuckDBTypeId.BOOLEAN:
      return (value) => (value ? 1 : 0);
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return asNumber;
    case DuckDBTypeId.DECIMAL:
      return (value) => (value as { toDouble: () => number }).toDouble();
    case DuckDBTypeId.DATE:
      return (value) => isoDate((value as { days: number }).days);
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return (value) => Number((value as { micros: bigint }).micros / 1000n);
    case DuckDBTypeId.TIMESTAMP_MS:
      return (value) => Number((value as { millis: bigint }).millis);
    case DuckDBTypeId.TIMESTAMP_S:
      return (value) => Number((value as { seconds: bigint }).seconds) * 1000;
    case DuckDBTypeId.TIMESTAMP_NS:
      return (value) => Number((value as { nanos: bigint }).nanos / 1_000_000n);
    default:
      return (value) => String(value);
  }
};

const toBatch = (chunk: DuckDBDataChunk, converters: (TConvert | undefined)[]): TBatch => {
  const columns = converters.map((convert, index) => {
    const values = chunk.getColumnValues(index) as TValue[];
    if (convert) {
      for (let row = 0; row < values.length; row += 1) {
        const value = values[row] as DuckDBValue;
        values[row] = value === null ? null : convert(value);
      }
    }
    return values;
  });
  return { rowCount: chunk.rowCount, columns };
};

const QUALIFIED_COLUMN = /"((?:[^"]|"")+)"\."((?:[^"]|"")+)"/g;

/**
 * Snowflake matches quoted identifiers exactly; DuckDB ignores their case. The ERP
 * export's names are all upper case, so a column written in another case and qualified
 * by a mapping's alias ("P"."patientkey") is refused here as Snowflake refuses it: the
 * demo warehouse fails where production would, and the console's case fixer can be
 * exercised. The engine's own aliases ("_q1", "_s") name portal columns and are skipped.
 */
export const checkSnowflakeCase = (sql: string) => {
  for (const [, alias = '', column = ''] of sql.matchAll(QUALIFIED_COLUMN)) {
    if (!alias.startsWith('_') && column !== column.toUpperCase()) {
      throw new Error(`SQL compilation error: invalid identifier '"${alias}"."${column}"'`);
    }
  }
};

/** DuckDB's failure when a query's memory passed memory_limit and could not spill. */
const OUT_OF_MEMORY = /^Out of Memory Error: /;

/** The path a WAREHOUSE_URL names: a plain path or duckdb:///path. */
export const duckdbPath = (url: string) => url.replace(/^duckdb:(\/\/)?/i, '');

/**
 * Settings that keep warehouse SQL inside the warehouse file: no file, network or
 * extension access, no ATTACH, and the configuration locked so no statement can undo it
 * (lock_configuration is applied after the others when the instance is created).
 */
export const LOCKED_DOWN = {
  access_mode: 'READ_ONLY',
  enable_external_access: 'false',
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
  allow_community_extensions: 'false',
  lock_configuration: 'true',
} as const;

/** Exactly one SELECT, prepared: anything else is refused before it runs. */
const prepareOne = async (connection: DuckDBConnection, sql: string) => {
  let extracted;
  try {
    extracted = await connection.extractStatements(sql);
  } catch (error) {
    // SQL that does not parse: the parser's own words, without the client's prefix.
    const message = error instanceof Error ? error.message : String(error);
    throw new WarehouseRefusal(message.replace(/^Failed to extract statements: /, ''));
  }
  if (extracted.count !== 1) {
    throw new WarehouseRefusal(MAPPING_MESSAGES.oneStatement);
  }
  const prepared = await extracted.prepare(0);
  if (prepared.statementType !== StatementType.SELECT) {
    prepared.destroySync();
    throw new WarehouseRefusal(MAPPING_MESSAGES.oneStatement);
  }
  return prepared;
};

/**
 * The embedded warehouse: a DuckDB file, opened read-only so generating a new
 * warehouse and reading it never fight over the lock for long, and locked down
 * (LOCKED_DOWN). Every statement is one prepared SELECT under the time limit.
 */
export const openDuckDbWarehouse = async (
  url: string,
  options: TWarehouseOptions = {},
): Promise<TWarehouse> => {
  const file = duckdbPath(url);
  // DuckDB takes up to 80 % of the machine's memory by default: an incremental run's joins
  // over the whole ERP tables grew with the warehouse, not with the change. Capped, they
  // spill to a directory of this instance's own (two processes never share its files).
  const memoryLimitMb = options.memoryLimitMb ?? DEFAULT_WAREHOUSE_MEMORY_MB;
  const spill = mkdtempSync(path.join(tmpdir(), 'portal-duckdb-'));
  let instance: DuckDBInstance;
  try {
    // Set in this order: DuckDB refuses a temp_directory once external access is off.
    instance = await DuckDBInstance.create(file, {
      memory_limit: `${memoryLimitMb}MB`,
      temp_directory: spill,
      ...LOCKED_DOWN,
    });
  } catch (error) {
    rmSync(spill, { recursive: true, force: true });
    throw error;
  }
  const limitMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const open = new Set<DuckDBConnection>();
  let stopped: Error | undefined;
  const connect = async () => {
    if (stopped) {
      throw stopped;
    }
    const connection = await instance.connect();
    open.add(connection);
    return connection;
  };
  const release = (connection: DuckDBConnection) => {
    if (open.delete(connection)) {
      connection.closeSync();
    }
  };
  /** The failure as the run reports it: a stop, the time limit, the memory limit, or DuckDB's. */
  const failure = (error: unknown, timedOut: boolean) => {
    if (stopped) {
      return stopped;
    }
    if (timedOut) {
      return new WarehouseTimeout(limitMs);
    }
    return error instanceof Error && OUT_OF_MEMORY.test(error.message)
      ? new WarehouseOutOfMemory(memoryLimitMb, error)
      : error;
  };
  /**
   * Runs the connection's warehouse work under the time limit: the time spent waiting on
   * DuckDB adds up across calls (a stream's chunks), and past the limit it is interrupted.
   */
  const limiter = (connection: DuckDBConnection) => {
    let usedMs = 0;
    let timedOut = false;
    return async <T>(work: () => Promise<T>): Promise<T> => {
      if (stopped) {
        throw stopped;
      }
      const started = Date.now();
      const timer = setTimeout(
        () => {
          timedOut = true;
          connection.interrupt();
        },
        Math.max(0, limitMs - usedMs),
      );
      try {
        return await work();
      } catch (error) {
        // Read again: a cancel may have come while the work ran.
        throw failure(error, timedOut);
      } finally {
        clearTimeout(timer);
        usedMs += Date.now() - started;
      }
    };
  };
  return {
    kind: 'duckdb',
    dialect: duckdbDialect,
    label: `duckdb:${file.split(/[\\/]/).at(-1) ?? file}`,
    check: async (sql) => {
      const connection = await connect();
      try {
        (await prepareOne(connection, sql)).destroySync();
      } finally {
        release(connection);
      }
    },
    query: async (sql) => {
      checkSnowflakeCase(sql);
      const connection = await connect();
      const limited = limiter(connection);
      let result;
      try {
        const prepared = await limited(() => prepareOne(connection, sql));
        result = await limited(() => prepared.stream());
      } catch (error) {
        release(connection);
        throw error;
      }
      const columns = result.columnNames();
      const converters = columns.map((_, index) => converterFor(result.columnTypeId(index)));
      const batches = async function* () {
        try {
          for (;;) {
            const chunk = await limited(() => result.fetchChunk());
            if (!chunk || chunk.rowCount === 0) {
              return;
            }
            yield toBatch(chunk, converters);
          }
        } finally {
          release(connection);
        }
      };
      return { columns, batches: batches() };
    },
    count: async (sql) => {
      checkSnowflakeCase(sql);
      const connection = await connect();
      const limited = limiter(connection);
      try {
        // The count reads the query through DuckDB's query() with the text bound as a
        // parameter: it is parsed again as one SELECT, never pasted into other SQL.
        (await limited(() => prepareOne(connection, sql))).destroySync();
        const prepared = await connection.prepare(COUNT_SQL);
        prepared.bindVarchar(1, sql);
        const reader = await limited(() => prepared.runAndReadAll());
        return Number(reader.getRows()[0]?.[0] ?? 0);
      } finally {
        release(connection);
      }
    },
    catalogue: async () => {
      const connection = await connect();
      const limited = limiter(connection);
      try {
        const reader = await limited(() => connection.runAndReadAll(DUCKDB_CATALOGUE_SQL));
        // Unqualified names resolve in the main schema of the open file.
        return catalogueOf(reader.getRows().map(catalogueRow), 'main');
      } finally {
        release(connection);
      }
    },
    interrupt: (reason) => {
      stopped ??= reason;
      for (const connection of open) {
        connection.interrupt();
      }
    },
    close: async () => {
      for (const connection of [...open]) {
        release(connection);
      }
      instance.closeSync();
      rmSync(spill, { recursive: true, force: true });
    },
  };
};

const COUNT_SQL = 'SELECT COUNT(*) AS "N" FROM query($1)';
