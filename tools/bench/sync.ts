import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import type { TDialect } from '../../apps/server/src/db/database';
import { generateWarehouse } from '../warehouse/generate';
import { mutateWarehouse, type TMutationSummary } from '../warehouse/mutate';
import { compareDatabases } from './sync-compare';
import { spawnPhase, stopPhases, type TPhaseResult } from './sync-phase';
import {
  describeModes,
  format,
  mutationLine,
  printResults,
  seconds,
  type TDialectResult,
} from './sync-report';
import {
  createSyncTarget,
  DEFAULT_SERVERS,
  describeSize,
  mysqlBufferPool,
  parseSize,
  type TSyncTarget,
} from './sync-targets';

/**
 * `npm run bench:sync -- [--patients 110000] [--seed 1] [--dialects sqlite,postgres,mysql]
 *   [--orders-percent 1] [--check] [--warehouse file] [--group id] [--mysql-buffer-pool 4G]
 *   [--warehouse-memory MB]`
 *
 * Issue 33's measure of incremental syncs. A warehouse is generated once (or --warehouse
 * names one, never changed); per database, a copy of it is synced by the default group
 * into a fresh portal database ("full sync"), the copy is mutated as a day of the ERP's
 * changes (warehouse:mutate), and the same group runs again ("incremental sync"). With
 * --check, the mutated copy is then fully reloaded into a second fresh database and every
 * sync-written table compared with the first. Each run is a child process of its own, so
 * its peak RSS is its own (sync-phase.ts). Throwaway databases are dropped at the end,
 * also when a run fails or the bench is interrupted. MariaDB's buffer pool size is printed,
 * and --mysql-buffer-pool sets it for the bench (put back at the end): its default 128 MiB
 * holds a small part of the tables at 50k patients (README, "The database server").
 * --warehouse-memory sets the embedded warehouse's DuckDB memory_limit (WAREHOUSE_MEMORY_MB)
 * in every run: its block cache is part of each run's peak RSS. Not a test.
 */

const { values } = parseArgs({
  options: {
    patients: { type: 'string', default: '110000' },
    seed: { type: 'string', default: '1' },
    dialects: { type: 'string', default: 'sqlite,postgres,mysql' },
    'orders-percent': { type: 'string', default: '1' },
    check: { type: 'boolean', default: false },
    warehouse: { type: 'string' },
    group: { type: 'string', default: DEFAULT_FULL_SYNC_GROUP_ID },
    'mysql-url': { type: 'string', default: DEFAULT_SERVERS.mysql },
    'postgres-url': { type: 'string', default: DEFAULT_SERVERS.postgres },
    'mysql-buffer-pool': { type: 'string' },
    'warehouse-memory': { type: 'string' },
  },
});

const warehouseMemory = values['warehouse-memory'];
if (warehouseMemory !== undefined && !/^[1-9]\d*$/.test(warehouseMemory)) {
  throw new Error(`--warehouse-memory takes a whole number of MB, not "${warehouseMemory}"`);
}
/** The options every run of the group shares. */
const phase = {
  groupId: values.group,
  warehouseMemoryMb: warehouseMemory === undefined ? undefined : Number(warehouseMemory),
};

/** Drops what the bench made, once, on the way out or on Ctrl-C. */
const cleanup: (() => Promise<void>)[] = [];
const runCleanup = async () => {
  for (const step of cleanup.splice(0).reverse()) {
    await step().catch((error: unknown) =>
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
};
const onSignal = (signal: NodeJS.Signals) => {
  console.error(`\n${signal}: dropping the bench's databases`);
  void stopPhases()
    .then(runCleanup)
    .finally(() => process.exit(130));
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

const freshTarget = async (dialect: TDialect, dir: string, purpose: string) => {
  const target: TSyncTarget = await createSyncTarget(dialect, {
    dir,
    purpose,
    servers: { mysql: values['mysql-url'], postgres: values['postgres-url'] },
  });
  const drop = async () => {
    const index = cleanup.indexOf(drop);
    if (index >= 0) {
      cleanup.splice(index, 1);
    }
    await target.drop();
  };
  cleanup.push(drop);
  return { target, drop };
};

const failIfNotCompleted = (dialect: TDialect, name: string, phase: TPhaseResult) => {
  if (phase.status !== 'completed') {
    throw new Error(`${dialect}: the ${name} ended ${phase.status}: ${phase.error ?? ''}`);
  }
};

/** Full sync, mutation, second sync (and the check) on one database. */
const benchDialect = async (options: {
  dialect: TDialect;
  dir: string;
  base: string;
  at: () => string | undefined;
  onMutated: (summary: TMutationSummary) => void;
}): Promise<TDialectResult> => {
  const { dialect, dir } = options;
  if (dialect === 'mysql') {
    const requested = values['mysql-buffer-pool'];
    const pool = await mysqlBufferPool(
      values['mysql-url'],
      requested === undefined ? undefined : parseSize(requested),
    );
    cleanup.push(pool.restore);
    console.log(
      `mysql: innodb_buffer_pool_size ${describeSize(pool.size)}${pool.size === pool.before ? '' : ` (was ${describeSize(pool.before)}, put back at the end)`}`,
    );
  }
  const warehouse = path.join(dir, `warehouse-${dialect}.duckdb`);
  await copyFile(options.base, warehouse);
  cleanup.push(() => rm(warehouse, { force: true }));
  const live = await freshTarget(dialect, dir, 'live');
  try {
    console.log(`${dialect}: full sync into ${live.target.label}`);
    const full = await spawnPhase({ ...phase, url: live.target.url, warehouse });
    failIfNotCompleted(dialect, 'full sync', full);
    console.log(`${dialect}: full sync ${seconds(full.ms)} s (${describeModes(full)})`);
    const mutation = await mutateWarehouse({
      file: warehouse,
      ordersPercent: Number(values['orders-percent']),
      seed: Number(values.seed),
      at: options.at(),
    });
    options.onMutated(mutation);
    const incremental = await spawnPhase({ ...phase, url: live.target.url, warehouse });
    failIfNotCompleted(dialect, 'incremental sync', incremental);
    console.log(
      `${dialect}: incremental sync ${seconds(incremental.ms)} s (${describeModes(incremental)})`,
    );
    if (!values.check) {
      return { dialect, full, incremental };
    }
    const reference = await freshTarget(dialect, dir, 'reference');
    try {
      const reload = await spawnPhase({ ...phase, url: reference.target.url, warehouse });
      failIfNotCompleted(dialect, 'full reload for --check', reload);
      const started = performance.now();
      const comparison = await compareDatabases(live.target.url, reference.target.url);
      console.log(
        `${dialect}: compared ${comparison.tables.length} tables in ${seconds(performance.now() - started)} s: ${comparison.difference ? `${comparison.differing.length} differ: ${comparison.differing.join(', ')}` : 'identical'}`,
      );
      return { dialect, full, incremental, check: { reload, comparison } };
    } finally {
      await reference.drop();
    }
  } finally {
    await live.drop();
    await rm(warehouse, { force: true });
  }
};

const main = async () => {
  const patients = Number(values.patients);
  const dialects = values.dialects.split(',').map((d) => d.trim()) as TDialect[];
  for (const dialect of dialects) {
    if (!['sqlite', 'postgres', 'mysql'].includes(dialect)) {
      throw new Error(`--dialects: unknown database "${dialect}" (sqlite, postgres, mysql)`);
    }
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-sync-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  try {
    let base = values.warehouse ? path.resolve(values.warehouse) : path.join(dir, 'base.duckdb');
    if (values.warehouse) {
      await stat(base);
      console.log(`Warehouse: ${base} (copied per database, never changed)`);
    } else {
      const generated = await generateWarehouse({
        file: base,
        patients,
        seed: Number(values.seed),
      });
      base = generated.file;
      console.log(
        `Warehouse: ${format(patients)} patients, ${format(generated.tables.SALESORDERS ?? 0)} orders, generated in ${seconds(generated.ms)} s`,
      );
    }
    // Every database gets the same mutation: the first one's time is used for the rest.
    let at: string | undefined;
    const results: TDialectResult[] = [];
    for (const dialect of dialects) {
      results.push(
        await benchDialect({
          dialect,
          dir,
          base,
          at: () => at,
          onMutated: (summary) => {
            if (at === undefined) {
              at = summary.at;
              console.log(mutationLine(summary));
            }
          },
        }),
      );
    }
    printResults(results, values.check);
    if (results.some((result) => result.check?.comparison.difference)) {
      process.exitCode = 1;
    }
  } finally {
    await runCleanup();
  }
};

await main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await runCleanup();
  process.exitCode = 1;
});
