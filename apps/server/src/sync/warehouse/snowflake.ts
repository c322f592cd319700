import type { RowStatement, StatementOption } from 'snowflake-sdk';
import type { TBatch, TValue } from '../batch';
import { countSql, snowflakeDialect } from '../compile';
import { catalogueOf, catalogueRow, snowflakeCatalogueSql } from './catalogue';
import { DEFAULT_STATEMENT_TIMEOUT_MS, type TWarehouse, type TWarehouseOptions } from './types';

/**
 * Snowflake, the production warehouse, through snowflake-sdk. It cannot be
 * reached from the development machines, so only the SQL it is given (see
 * compile.test.ts) and its URL parsing are tested; the streaming below follows
 * the SDK's documented API.
 */

export type TSnowflakeSettings = {
  account: string;
  username: string;
  password: string;
  database: string | undefined;
  schema: string | undefined;
  warehouse: string | undefined;
  role: string | undefined;
};

/** snowflake://user:password@account/DATABASE/SCHEMA?warehouse=WH&role=ROLE */
export const parseSnowflakeUrl = (url: string): TSnowflakeSettings => {
  const parsed = new URL(url);
  if (parsed.protocol !== 'snowflake:') {
    throw new Error('WAREHOUSE_URL for Snowflake must start with snowflake://');
  }
  const [database, schema] = parsed.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const account = parsed.hostname.replace(/\.snowflakecomputing\.com$/i, '');
  if (!account || !parsed.username) {
    throw new Error('WAREHOUSE_URL for Snowflake needs an account and a user');
  }
  return {
    account,
    username: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database,
    schema,
    warehouse: parsed.searchParams.get('warehouse') ?? undefined,
    role: parsed.searchParams.get('role') ?? undefined,
  };
};

/** What a job record shows as its source: account, database and schema, no credentials. */
export const snowflakeLabel = (settings: TSnowflakeSettings) =>
  `snowflake:${settings.account}/${[settings.database, settings.schema].filter(Boolean).join('.')}`;

const BATCH_ROWS = 2048;

/** Snowflake values to the engine's plain values, by the column's Snowflake type. */
const converterFor = (type: string): ((value: unknown) => TValue) => {
  if (type === 'date') {
    return (value) => new Date(value as Date).toISOString().slice(0, 10);
  }
  if (type.startsWith('timestamp')) {
    return (value) => new Date(value as Date).getTime();
  }
  if (type === 'boolean') {
    return (value) => (value ? 1 : 0);
  }
  if (type === 'fixed' || type === 'real') {
    return (value) => Number(value);
  }
  return (value) => (typeof value === 'string' ? value : JSON.stringify(value));
};

/** Failures the SDK reports as sign-in problems (390100 incorrect credentials, 390144 bad key...). */
const categorised = (error: unknown): Error => {
  const failure = error instanceof Error ? error : new Error(String(error));
  const code = Number((failure as { code?: unknown }).code);
  if (code >= 390100 && code < 390200) {
    return Object.assign(failure, { category: 'authentication_error' });
  }
  return failure;
};

/**
 * How every statement is sent: Snowflake itself refuses more than one statement
 * (MULTI_STATEMENT_COUNT = 1) and, with describeOnly, compiles without running.
 */
export const snowflakeStatement = (
  sqlText: string,
  options: { describeOnly?: boolean } = {},
): Omit<StatementOption, 'complete'> => ({
  sqlText,
  streamResult: true,
  rowMode: 'array',
  parameters: { MULTI_STATEMENT_COUNT: 1 },
  ...(options.describeOnly ? { describeOnly: true } : {}),
});

/** The session's statement time limit, set once after connecting. */
export const snowflakeSessionSql = (statementTimeoutMs: number) =>
  `ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = ${Math.max(1, Math.ceil(statementTimeoutMs / 1000))}`;

export const openSnowflakeWarehouse = async (
  url: string,
  options: TWarehouseOptions = {},
): Promise<TWarehouse> => {
  const settings = parseSnowflakeUrl(url);
  // Loaded on demand: the SDK is large and warns about Node versions on import, and the
  // embedded setup never needs it.
  const { default: snowflake } = await import('snowflake-sdk');
  snowflake.configure({ logLevel: 'ERROR' });
  const connection = snowflake.createConnection({
    account: settings.account,
    username: settings.username,
    password: settings.password,
    database: settings.database,
    schema: settings.schema,
    warehouse: settings.warehouse,
    role: settings.role,
    application: 'supplier-portal-sync',
  });
  try {
    await connection.connectAsync();
  } catch (error) {
    throw categorised(error);
  }

  const running = new Set<RowStatement>();
  let stopped: Error | undefined;
  const execute = (sqlText: string, describeOnly = false) =>
    new Promise<RowStatement>((resolve, reject) => {
      if (stopped) {
        reject(stopped);
        return;
      }
      const statement = connection.execute({
        ...snowflakeStatement(sqlText, { describeOnly }),
        complete: (error) => {
          running.delete(statement);
          if (error) {
            reject(stopped ?? categorised(error));
          } else {
            resolve(statement);
          }
        },
      });
      running.add(statement);
    });
  await execute(snowflakeSessionSql(options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS));

  return {
    kind: 'snowflake',
    dialect: snowflakeDialect({ database: settings.database, schema: settings.schema }),
    label: snowflakeLabel(settings),
    query: async (sqlText) => {
      const statement = await execute(sqlText);
      const columns = statement.getColumns() ?? [];
      const converters = columns.map((column) => converterFor(column.getType()));
      const names = columns.map((column) => column.getName());
      const batches = async function* (): AsyncGenerator<TBatch> {
        let current: TValue[][] = names.map(() => []);
        let rows = 0;
        for await (const row of statement.streamRows() as AsyncIterable<unknown[]>) {
          row.forEach((value, index) => {
            current[index]!.push(
              value === null || value === undefined ? null : converters[index]!(value),
            );
          });
          rows += 1;
          if (rows === BATCH_ROWS) {
            yield { rowCount: rows, columns: current };
            current = names.map(() => []);
            rows = 0;
          }
        }
        if (rows > 0) {
          yield { rowCount: rows, columns: current };
        }
      };
      return { columns: names, batches: batches() };
    },
    check: async (sqlText) => {
      await execute(sqlText, true);
    },
    count: async (sqlText) => {
      const statement = await execute(countSql(sqlText));
      for await (const row of statement.streamRows() as AsyncIterable<unknown[]>) {
        return Number(row[0]);
      }
      return 0;
    },
    catalogue: async () => {
      const statement = await execute(snowflakeCatalogueSql(settings.database));
      const rows = [];
      for await (const row of statement.streamRows() as AsyncIterable<unknown[]>) {
        rows.push(catalogueRow(row));
      }
      // Unqualified names resolve in the configured schema (snowflakeDialect).
      return catalogueOf(rows, settings.schema);
    },
    interrupt: (reason) => {
      stopped ??= reason;
      for (const statement of running) {
        statement.cancel();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        connection.destroy(() => resolve());
      }),
  };
};
