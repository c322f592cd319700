import {
  DuckDBInstance,
  DuckDBTypeId,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { TBatch, TValue } from '../batch';
import { countSql, duckdbDialect } from '../compile';
import type { TWarehouse } from './types';

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

/** The path a WAREHOUSE_URL names: a plain path or duckdb:///path. */
export const duckdbPath = (url: string) => url.replace(/^duckdb:(\/\/)?/i, '');

/**
 * The embedded warehouse: a DuckDB file, opened read-only so generating a new
 * warehouse and reading it never fight over the lock for long.
 */
export const openDuckDbWarehouse = async (url: string): Promise<TWarehouse> => {
  const file = duckdbPath(url);
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const open = new Set<DuckDBConnection>();
  const connect = async () => {
    const connection = await instance.connect();
    open.add(connection);
    return connection;
  };
  const release = (connection: DuckDBConnection) => {
    if (open.delete(connection)) {
      connection.closeSync();
    }
  };
  return {
    kind: 'duckdb',
    dialect: duckdbDialect,
    label: `duckdb:${file.split(/[\\/]/).at(-1) ?? file}`,
    query: async (sql) => {
      checkSnowflakeCase(sql);
      const connection = await connect();
      const result = await connection.stream(sql);
      const columns = result.columnNames();
      const converters = columns.map((_, index) => converterFor(result.columnTypeId(index)));
      const batches = async function* () {
        try {
          for (;;) {
            const chunk = await result.fetchChunk();
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
      try {
        const reader = await connection.runAndReadAll(countSql(sql));
        return Number(reader.getRows()[0]?.[0] ?? 0);
      } finally {
        release(connection);
      }
    },
    close: async () => {
      for (const connection of [...open]) {
        release(connection);
      }
      instance.closeSync();
    },
  };
};
