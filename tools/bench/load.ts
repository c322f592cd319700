import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { createDatabase, type TDialect } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { COLUMNS, runEngine, runNative, writeSource, type TRunResult } from './runs';
import { describeSize, mysqlBufferPool, parseSize } from './sync-targets';

/**
 * `npm run bench:load -- --rows 1000000 [--dialects sqlite,mysql,postgres] [--mysql-buffer-pool 4G]
 *  [--warehouse-memory MB] [--engine-only]`
 *
 * Loads the same N rows from a DuckDB file into the portal's `orders` table on
 * each database, once through the sync engine and once through the database's
 * native bulk loader, each run in its own process so its peak memory is its own.
 * Not a test: it never runs in the test suite. MariaDB's buffer pool size is printed;
 * --mysql-buffer-pool sets it for the runs and puts it back at the end, as bench:sync does
 * (its default 128 MiB holds neither loader's million orders and their indexes).
 * --warehouse-memory sets the engine's DuckDB memory_limit (WAREHOUSE_MEMORY_MB, whose block
 * cache is most of what grows with the rows); --engine-only skips the native runs (a memory
 * measurement at 10M rows, where each native run takes minutes).
 */

const here = fileURLToPath(import.meta.url);
const MYSQL = process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306';
const POSTGRES = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** cpuMs: the process's user + system time, DuckDB's threads included. */
type TChildResult = TRunResult & { maxRssMb: number; cpuMs: number };

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    dialects: { type: 'string', default: 'sqlite,mysql,postgres' },
    child: { type: 'string' },
    url: { type: 'string' },
    source: { type: 'string' },
    tsv: { type: 'string' },
    'mysql-buffer-pool': { type: 'string' },
    'warehouse-memory': { type: 'string' },
    'engine-only': { type: 'boolean', default: false },
  },
});

const child = async () => {
  const url = values.url!;
  const source = values.source!;
  const result =
    values.child === 'engine'
      ? await runEngine(
          url,
          source,
          values['warehouse-memory'] ? Number(values['warehouse-memory']) : undefined,
        )
      : await runNative(url, source, values.tsv!);
  const usage = process.resourceUsage();
  const maxRssMb = usage.maxRSS / 1024;
  const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  process.stdout.write(`${JSON.stringify({ ...result, maxRssMb, cpuMs })}\n`);
};

type TTarget = { dialect: TDialect; url: string; drop: () => Promise<void> };

const createTarget = async (dialect: TDialect, dir: string): Promise<TTarget> => {
  const name = `portal_bench_${Date.now().toString(36)}_${path.basename(dir)}`;
  if (dialect === 'sqlite') {
    return { dialect, url: `${dir}-bench.db`, drop: () => rm(`${dir}-bench.db`, { force: true }) };
  }
  if (dialect === 'mysql') {
    const admin = await mysql.createConnection({ uri: MYSQL });
    await admin.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await admin.end();
    return {
      dialect,
      url: `${MYSQL.replace(/\/$/, '')}/${name}`,
      drop: async () => {
        const connection = await mysql.createConnection({ uri: MYSQL });
        await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await connection.end();
      },
    };
  }
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
};

const spawnRun = (kind: 'engine' | 'native', target: TTarget, source: string, tsv: string) => {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      here,
      '--child',
      kind,
      '--url',
      target.url,
      '--source',
      source,
      '--tsv',
      tsv,
      ...(values['warehouse-memory'] ? ['--warehouse-memory', values['warehouse-memory']] : []),
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) {
    throw new Error(`${kind} run on ${target.dialect} failed:\n${result.stderr}`);
  }
  const last = result.stdout.trim().split('\n').at(-1)!;
  return JSON.parse(last) as TChildResult;
};

const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000));
const format = (value: number) => value.toLocaleString('en-US');

const main = async () => {
  const rows = Number(values.rows);
  const dialects = values.dialects.split(',') as TDialect[];
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  const source = path.join(dir, 'source.duckdb');
  const tsv = path.join(dir, 'rows.tsv');
  let restorePool: () => Promise<unknown> = async () => undefined;
  try {
    if (dialects.includes('mysql')) {
      const requested = values['mysql-buffer-pool'];
      const pool = await mysqlBufferPool(
        MYSQL,
        requested === undefined ? undefined : parseSize(requested),
      );
      restorePool = pool.restore;
      console.log(
        `mysql: innodb_buffer_pool_size ${describeSize(pool.size)}${pool.size === pool.before ? '' : ` (was ${describeSize(pool.before)}, put back at the end)`}`,
      );
    }
    const started = performance.now();
    await writeSource(source, rows);
    console.log(
      `Source: ${format(rows)} rows of ${COLUMNS.length} columns in DuckDB (${Math.round(performance.now() - started)} ms)\n`,
    );
    const lines: string[] = [];
    for (const dialect of dialects) {
      // A fresh, migrated database for each run: no deleted rows waiting for purge or vacuum.
      const fresh = async (run: 'engine' | 'native') => {
        const target = await createTarget(dialect, path.join(dir, run));
        try {
          const database = createDatabase(target.url);
          await migrateToLatest(database.db);
          await database.destroy();
          return spawnRun(run, target, source, tsv);
        } finally {
          await target.drop();
        }
      };
      if (values['engine-only']) {
        const engine = await fresh('engine');
        if (engine.rows !== rows) {
          throw new Error(`${dialect}: expected ${rows} rows, the engine loaded ${engine.rows}`);
        }
        lines.push(
          [
            dialect.padEnd(9),
            `engine ${format(rate(rows, engine.ms)).padStart(9)} rows/s`,
            `peak RSS engine ${Math.round(engine.maxRssMb)} MB`,
            `engine ${format(Math.round(engine.ms))} ms wall, Node CPU ${format(Math.round(engine.cpuMs))} ms`,
          ].join('  |  '),
        );
        console.log(lines.at(-1));
        continue;
      }
      {
        const native = await fresh('native');
        const engine = await fresh('engine');
        if (native.rows !== rows || engine.rows !== rows) {
          throw new Error(
            `${dialect}: expected ${rows} rows, native loaded ${native.rows}, engine ${engine.rows}`,
          );
        }
        const nativeRate = rate(rows, native.ms);
        const nativeWithExport = rate(rows, native.ms + (native.exportMs ?? 0));
        const engineRate = rate(rows, engine.ms);
        lines.push(
          [
            dialect.padEnd(9),
            `native ${format(nativeRate).padStart(9)} rows/s${native.exportMs ? ` (${format(nativeWithExport)} with the ${Math.round(native.exportMs)} ms export)` : ''}`,
            `engine ${format(engineRate).padStart(9)} rows/s`,
            `ratio ${(engineRate / nativeRate).toFixed(2)}${native.exportMs ? ` (${(engineRate / nativeWithExport).toFixed(2)} vs export+load)` : ''}`,
            `peak RSS engine ${Math.round(engine.maxRssMb)} MB, native ${Math.round(native.maxRssMb)} MB`,
            `engine ${format(Math.round(engine.ms))} ms wall, Node CPU ${format(Math.round(engine.cpuMs))} ms`,
          ].join('  |  '),
        );
        console.log(lines.at(-1));
      }
    }
  } finally {
    await restorePool();
    await rm(dir, { recursive: true, force: true });
  }
};

if (values.child) {
  await child();
} else {
  await main();
}
