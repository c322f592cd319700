import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import SqliteDatabase from 'better-sqlite3';
import { createConnection } from 'mysql2';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { dialectOf } from '../../apps/server/src/db/database';
import { openLoader } from '../../apps/server/src/sync/load/index';
import { syncMapping } from '../../apps/server/src/sync/sync-mapping';
import { openDuckDbWarehouse } from '../../apps/server/src/sync/warehouse/duckdb';

/**
 * The measured runs, each in its own child process (see load.ts) so its peak
 * memory is its own. Every run loads the same BENCH_ORDERS rows from the same
 * DuckDB file into the portal's real `orders` table (with its indexes).
 */

export const COLUMNS = [
  'order_id',
  'so_number',
  'patient_key',
  'doctor_key',
  'date_created',
  'status',
  'delivery_status',
  'delivery_date',
  'tracking_number',
  'carrier',
  'intake_status',
  'so_classification_key',
  'so_classification_name',
] as const;

export type TRunResult = { ms: number; rows: number; exportMs?: number };

/** The engine: count, stream, coerce, checksum, bulk load, read back and reconcile, commit. */
export const runEngine = async (
  databaseUrl: string,
  source: string,
  warehouseMemoryMb?: number,
): Promise<TRunResult> => {
  const warehouse = await openDuckDbWarehouse(source, { memoryLimitMb: warehouseMemoryMb });
  const loader = await openLoader(databaseUrl);
  try {
    const started = performance.now();
    const run = await syncMapping({
      mapping: {
        mysql_table: 'orders',
        type: 'sql_query',
        query: `SELECT ${COLUMNS.join(', ')} FROM BENCH_ORDERS`,
        truncate_first: true,
      },
      warehouse,
      loader,
    });
    return { ms: performance.now() - started, rows: run.rowsInserted };
  } finally {
    await loader.close();
    await warehouse.close();
  }
};

/** SQLite's native path: one prepared single-row INSERT in one transaction, fed from DuckDB. */
const nativeSqlite = async (file: string, source: string): Promise<TRunResult> => {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('DELETE FROM orders');
  const instance = await DuckDBInstance.create(source, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    const started = performance.now();
    const insert = db.prepare(
      `INSERT INTO orders (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
    );
    const result = await connection.stream(
      `SELECT ${COLUMNS.map((c) => (c === 'date_created' ? c : `${c}::VARCHAR`)).join(', ')} FROM BENCH_ORDERS`,
    );
    let rows = 0;
    db.exec('BEGIN');
    for await (const batch of result.yieldRows()) {
      for (const row of batch) {
        insert.run(row.map((value) => (typeof value === 'bigint' ? Number(value) : value)));
      }
      rows += batch.length;
    }
    db.exec('COMMIT');
    return { ms: performance.now() - started, rows };
  } finally {
    connection.closeSync();
    instance.closeSync();
    db.close();
  }
};

/** DuckDB writes the rows as a tab-separated file with \N for NULL, the form both loaders read. */
const exportTsv = async (source: string, file: string) => {
  const instance = await DuckDBInstance.create(source, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    const started = performance.now();
    await connection.run(
      `COPY (SELECT ${COLUMNS.join(', ')} FROM BENCH_ORDERS) TO '${file}' (FORMAT csv, DELIMITER '\t', HEADER false, NULLSTR '\\N', QUOTE '')`,
    );
    return performance.now() - started;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
};

/** MariaDB/MySQL's native path: LOAD DATA LOCAL INFILE. */
const nativeMysql = async (url: string, source: string, tsv: string): Promise<TRunResult> => {
  const parsed = new URL(url.replace(/^mariadb:/i, 'mysql:'));
  const connection = createConnection({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: parsed.pathname.replace(/^\//, ''),
    infileStreamFactory: () => createReadStream(tsv),
  }).promise();
  try {
    await connection.query('DELETE FROM orders');
    const exportMs = await exportTsv(source, tsv);
    const started = performance.now();
    const [result] = await connection.query(
      `LOAD DATA LOCAL INFILE '${tsv}' INTO TABLE orders FIELDS TERMINATED BY '\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\n' (${COLUMNS.join(', ')})`,
    );
    return {
      ms: performance.now() - started,
      rows: (result as { affectedRows: number }).affectedRows,
      exportMs,
    };
  } finally {
    await connection.end();
  }
};

/** PostgreSQL's native path: COPY FROM STDIN. */
const nativePostgres = async (url: string, source: string, tsv: string): Promise<TRunResult> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DELETE FROM orders');
    await client.query('VACUUM orders');
    const exportMs = await exportTsv(source, tsv);
    const started = performance.now();
    const copy = client.query(
      copyFrom(`COPY orders (${COLUMNS.join(', ')}) FROM STDIN (FORMAT text)`),
    );
    await pipeline(createReadStream(tsv), copy);
    return { ms: performance.now() - started, rows: copy.rowCount, exportMs };
  } finally {
    await client.end();
  }
};

export const runNative = (databaseUrl: string, source: string, tsv: string) => {
  const dialect = dialectOf(databaseUrl);
  if (dialect === 'mysql') {
    return nativeMysql(databaseUrl, source, tsv);
  }
  if (dialect === 'postgres') {
    return nativePostgres(databaseUrl, source, tsv);
  }
  return nativeSqlite(databaseUrl, source);
};

/** BENCH_ORDERS: rows shaped like the portal's orders, from hash(i) so every run is alike. */
export const writeSource = async (file: string, rows: number) => {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  await connection.run(`CREATE TABLE BENCH_ORDERS AS SELECT
      (5000000 + i)::VARCHAR AS order_id, 'SO' || (1000000 + i)::VARCHAR AS so_number,
      (100000 + hash(i, 'p') % 125000)::VARCHAR AS patient_key, (20000 + hash(i, 'd') % 5000)::VARCHAR AS doctor_key,
      (1700000000000 + (hash(i, 't') % 90000000000))::BIGINT AS date_created,
      (['40 - Ready To Ship', 'RCM - Billed', '31 - Awaiting CMN (RX)', '44 - Pending POD', '07 - New Intake Holds'])[1 + (hash(i, 's') % 5)::BIGINT] AS status,
      CASE WHEN hash(i, 'ds') % 3 = 0 THEN NULL ELSE 'Delivered' END AS delivery_status,
      CASE WHEN hash(i, 'dd') % 3 = 0 THEN NULL ELSE strftime(DATE '2024-01-01' + (hash(i, 'dd') % 600)::INTEGER, '%Y-%m-%d') END AS delivery_date,
      '1Z' || upper(substr(md5(i::VARCHAR), 1, 16)) AS tracking_number,
      (['UPS', 'USPS', 'FedEx', 'DHL', 'AmeriShip'])[1 + (hash(i, 'c') % 5)::BIGINT] AS carrier,
      CASE WHEN hash(i, 'is') % 4 = 0 THEN 'Pending Patient Contact' ELSE 'Complete' END AS intake_status,
      (1 + hash(i, 'k') % 10)::VARCHAR AS so_classification_key,
      (['Diabetic Supplies', 'CPAP/BiPAP', 'Ostomy', 'Urology', 'Wound Care'])[1 + (hash(i, 'k') % 5)::BIGINT] AS so_classification_name
    FROM range(${rows}) r(i)`);
  connection.closeSync();
  instance.closeSync();
};
