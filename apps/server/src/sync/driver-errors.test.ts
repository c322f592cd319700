import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Sqlite from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriseError, type TSyncErrorCategory } from '@portal/domain/sync-errors';
import { createTestDatabase, testDialects, type TTestDatabase } from '../test/databases';
import { getJob, getJobLogs } from './jobs';
import { runMappingJob } from './runner';
import { useSyncTestBed, useTestWarehouse } from './test-context';

/**
 * Issue 31: categories come from the driver's own error. Each row runs a bad statement
 * through the real driver and categorises what it throws; 'timeout' and 'network' inside
 * identifiers must never make a schema error a connection error (and so a retried one).
 */
type TCase = [label: string, run: () => Promise<unknown>, category: TSyncErrorCategory];

const caught = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
};

const missingDir = path.join(tmpdir(), 'portal-no-such-dir', 'x');

describe('DuckDB errors', () => {
  let instance: DuckDBInstance;
  const sql = async (text: string) => {
    const connection = await instance.connect();
    try {
      return await connection.run(text);
    } finally {
      connection.closeSync();
    }
  };
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    await sql('CREATE TABLE T (ID INTEGER)');
  });
  afterAll(() => instance.closeSync());

  it.each<TCase>([
    ['Binder Error', () => sql('SELECT timeout_col FROM T'), 'schema_error'],
    ['Catalog Error', () => sql('SELECT * FROM network_timeouts'), 'schema_error'],
    ['Parser Error', () => sql('SELEC timeout FROM T'), 'syntax_error'],
    ['IO Error', () => DuckDBInstance.create(`${missingDir}.duckdb`), 'connection_error'],
  ])('%s', async (_label, run, category) => {
    const error = await caught(run);
    expect(categoriseError(error).category).toBe(category);
  });
});

const driverCases = (dialect: string, url: string, run: (sql: string) => Promise<unknown>) => {
  const common: TCase[] = [
    ['unknown column', () => run('SELECT timeout_col FROM t'), 'schema_error'],
    ['unknown table', () => run('SELECT * FROM network_timeouts'), 'schema_error'],
    ['syntax', () => run('SELEC timeout FROM t'), 'syntax_error'],
  ];
  if (dialect === 'sqlite') {
    const readOnly = () => {
      const db = new Sqlite(url, { readonly: true });
      try {
        return Promise.resolve(db.prepare('INSERT INTO t VALUES (1)').run());
      } finally {
        db.close();
      }
    };
    // A file that is not there, in a directory that is (better-sqlite3 checks that first).
    const unopenable = () =>
      Promise.resolve(
        new Sqlite(path.join(tmpdir(), `portal-missing-${process.pid}.db`), {
          fileMustExist: true,
        }),
      );
    return [
      ...common,
      ['read-only database', readOnly, 'permission_error'],
      ['file that cannot be opened', unopenable, 'connection_error'],
    ] satisfies TCase[];
  }
  if (dialect === 'mysql') {
    const refused = () => mysql.createConnection({ host: '127.0.0.1', port: 1, user: 'root' });
    return [...common, ['refused connection', refused, 'connection_error']] satisfies TCase[];
  }
  const refused = async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: 1, user: 'postgres' });
    await client.connect();
  };
  const cancelled = () =>
    run("SET statement_timeout = '20ms'; SELECT pg_sleep(0.5) AS timeout_col");
  return [
    ...common,
    ['refused connection', refused, 'connection_error'],
    // 57014: a statement stopped by its time limit is not a network failure.
    ['statement timeout', cancelled, 'unknown_error'],
  ] satisfies TCase[];
};

/** One raw connection of the dialect's own driver to a fresh database. */
const openDriver = async (database: TTestDatabase) => {
  if (database.dialect === 'sqlite') {
    const db = new Sqlite(database.url);
    return {
      run: (sql: string) => Promise.resolve(db.exec(sql)),
      close: () => Promise.resolve(db.close()),
    };
  }
  if (database.dialect === 'mysql') {
    const connection = await mysql.createConnection({ uri: database.url });
    return { run: (sql: string) => connection.query(sql), close: () => connection.end() };
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return { run: (sql: string) => client.query(sql), close: () => client.end() };
};

describe.each(testDialects())('portal database errors [%s]', (dialect) => {
  let database: TTestDatabase;
  let driver: Awaited<ReturnType<typeof openDriver>>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    driver = await openDriver(database);
    await driver.run('CREATE TABLE t (id INTEGER)');
  }, 60_000);
  afterAll(async () => {
    await driver.close();
    await database.drop();
  });

  it('categorises each real error by its code, not by words in the statement', async () => {
    const cases = driverCases(dialect, database.url, (sql) => driver.run(sql));
    const found = [];
    for (const [label, run] of cases) {
      found.push([label, categoriseError(await caught(run)).category]);
    }
    expect(found).toEqual(cases.map(([label, , category]) => [label, category]));
  });
});

const warehouseFile = useTestWarehouse({ patients: 10 });

describe.each(testDialects())('a schema error in a mapping [%s]', (dialect) => {
  const bed = useSyncTestBed(dialect, warehouseFile);

  it('is not retried, whatever words its quoted identifiers hold', async () => {
    const { context, database } = bed();
    const summary = await runMappingJob(
      context,
      {
        mysql_table: 'payors',
        type: 'sql_query',
        query: 'SELECT PAYORKEY AS payor_key, timeout_col FROM PAYORS',
      },
      { retry: { maxRetries: 3, delayMs: 60_000 } },
    );
    expect(summary.status).toBe('failed');
    const job = await getJob(database.db, summary.id);
    expect(job?.error_message).toMatch(/^Binder Error: Referenced column "timeout_col"/);
    expect(job?.error_category).toBe('schema_error');
    const logs = await getJobLogs(database.db, summary.id);
    expect(logs.filter((log) => log.level === 'warning')).toEqual([]);
  });
});
