import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { ensureDefaultGroups } from '../../apps/server/src/sync/groups';
import { childJobs, getJobLogs } from '../../apps/server/src/sync/jobs';
import { openLoader } from '../../apps/server/src/sync/load/index';
import { runGroupJob } from '../../apps/server/src/sync/runner';
import { openDuckDbWarehouse } from '../../apps/server/src/sync/warehouse/duckdb';

/**
 * One timed run of a sync group for bench:sync, in a process of its own (as bench:load's
 * runs are), so its peak RSS (getrusage's maxRSS, the kernel's VmHWM) is this run's alone:
 * nothing a previous phase allocated counts. SQLite runs inside this process, so its page
 * cache is part of that figure; the MariaDB and PostgreSQL servers' memory is not.
 */

/** How a mapping ran: incremental, a full reload of an incremental mapping, or a plain replace. */
export type TMappingMode = 'incremental' | 'full reload' | 'replace';

/** Where a mapping's rows changed came from (the first of these the database has). */
export type TChangedSource = 'sync_jobs.rows_changed' | 'job log' | 'sync_jobs.rows_processed';

export type TMappingResult = {
  table: string;
  status: string;
  mode: TMappingMode;
  /** sync_jobs.rows_processed: rows read from the warehouse, only the changed ones when incremental. */
  rowsProcessed: number;
  rowsInserted: number;
  /** Keys the run deleted or upserted; a mapping that reloaded: every row it loaded. */
  rowsChanged: number;
  changedSource: TChangedSource;
  ms: number;
};

export type TPhaseResult = {
  ms: number;
  status: string;
  error?: string | undefined;
  /** RSS when the group started (modules loaded, database migrated), and the process's peak. */
  startRssMb: number;
  peakRssMb: number;
  mappings: TMappingResult[];
};

type TJobRow = Awaited<ReturnType<typeof childJobs>>[number];

/**
 * What an incremental mapping's run did: from sync_jobs' sync_mode and rows_changed
 * (migration 0024) when the job has them, else from its log lines (sync/incremental.ts),
 * else it was a plain replace of every row it read.
 */
const changesOf = (
  job: TJobRow,
  messages: string[],
): Pick<TMappingResult, 'mode' | 'rowsChanged' | 'changedSource'> => {
  const row = job as Record<string, unknown>;
  const mode = row.sync_mode;
  const changed = row.rows_changed;
  if ((mode === 'incremental' || mode === 'full') && changed !== null && changed !== undefined) {
    return {
      mode: mode === 'full' ? 'full reload' : 'incremental',
      rowsChanged: Number(changed),
      changedSource: 'sync_jobs.rows_changed',
    };
  }
  for (const message of messages) {
    const incremental = /^Incremental run of \S+: (\d+) keys touched/.exec(message);
    if (incremental) {
      return {
        mode: 'incremental',
        rowsChanged: Number(incremental[1]),
        changedSource: 'job log',
      };
    }
    if (message.startsWith('Full reload of ')) {
      return {
        mode: 'full reload',
        rowsChanged: job.rows_processed,
        changedSource: 'sync_jobs.rows_processed',
      };
    }
  }
  return {
    mode: 'replace',
    rowsChanged: job.rows_processed,
    changedSource: 'sync_jobs.rows_processed',
  };
};

/** The child's work: migrate (untimed), run the group (timed), read back its jobs. */
const runPhase = async (
  url: string,
  warehouseFile: string,
  groupId: string,
  warehouseMemoryMb?: number,
) => {
  const database = createDatabase(url);
  try {
    await migrateToLatest(database.db);
    await ensureDefaultGroups(database.db);
    const warehouse = await openDuckDbWarehouse(warehouseFile, {
      memoryLimitMb: warehouseMemoryMb,
    });
    const loader = await openLoader(url);
    try {
      const startRssMb = process.memoryUsage().rss / 2 ** 20;
      const started = performance.now();
      const summary = await runGroupJob(
        { db: database.db, warehouse, loader, destinationLabel: database.dialect },
        groupId,
      );
      const ms = performance.now() - started;
      const peakRssMb = process.resourceUsage().maxRSS / 1024;
      const mappings: TMappingResult[] = [];
      for (const job of await childJobs(database.db, summary.id)) {
        const logs = await getJobLogs(database.db, job.id);
        mappings.push({
          table: job.mysql_table ?? '?',
          status: job.status,
          ...changesOf(
            job,
            logs.map((log) => log.message),
          ),
          rowsProcessed: job.rows_processed,
          rowsInserted: job.rows_inserted,
          ms: (job.end_time ?? job.start_time) - job.start_time,
        });
      }
      const failed = (summary.children ?? []).filter((child) => child.error);
      const error = [
        summary.error?.message,
        ...failed.map((child) => `${child.mysqlTable}: ${child.error!.message}`),
      ]
        .filter(Boolean)
        .join('; ');
      return {
        ms,
        status: summary.status,
        error: error || undefined,
        startRssMb,
        peakRssMb,
        mappings,
      } satisfies TPhaseResult;
    } finally {
      await loader.close();
      await warehouse.close();
    }
  } finally {
    await database.destroy();
  }
};

const here = fileURLToPath(import.meta.url);

/** The runs under way, ended by stopPhases when the bench is interrupted. */
const running = new Set<ChildProcess>();

/** Ends the runs under way (their connections close, so their databases can be dropped). */
export const stopPhases = () =>
  Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('close', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );

/**
 * Runs the group into the database at url from the warehouse file, in a child process;
 * warehouseMemoryMb is the warehouse's DuckDB memory_limit (WAREHOUSE_MEMORY_MB), 1,024 unless given.
 */
export const spawnPhase = (options: {
  url: string;
  warehouse: string;
  groupId?: string | undefined;
  warehouseMemoryMb?: number | undefined;
}) =>
  new Promise<TPhaseResult>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        here,
        '--url',
        options.url,
        '--warehouse',
        options.warehouse,
        '--group',
        options.groupId ?? DEFAULT_FULL_SYNC_GROUP_ID,
        ...(options.warehouseMemoryMb === undefined
          ? []
          : ['--warehouse-memory', String(options.warehouseMemoryMb)]),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    running.add(child);
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      const last = out.trim().split('\n').at(-1);
      if (code !== 0 || !last) {
        reject(new Error(`sync run into ${options.url} exited with ${code}`));
        return;
      }
      resolve(JSON.parse(last) as TPhaseResult);
    });
  });

if (process.argv[1] === here) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      warehouse: { type: 'string' },
      group: { type: 'string', default: DEFAULT_FULL_SYNC_GROUP_ID },
      'warehouse-memory': { type: 'string' },
    },
  });
  try {
    const memory = values['warehouse-memory'];
    const result = await runPhase(
      values.url!,
      values.warehouse!,
      values.group,
      memory === undefined ? undefined : Number(memory),
    );
    // A pipe's writes are synchronous on Linux: the line is out before the exit.
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  }
}
