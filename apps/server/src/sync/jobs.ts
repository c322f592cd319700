import { hostname } from 'node:os';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { TSyncErrorCategory } from '@portal/domain/sync-errors';
import type {
  TSyncIncrement,
  TSyncJobStatus,
  TSyncJobType,
  TSyncLogLevel,
} from '@portal/domain/sync-job';
import type { Database, SyncJobsTable } from '../db/schema';
import type { TIncrementalRun } from './incremental';

export type TSyncJobRow = Selectable<SyncJobsTable>;
export type TSyncLog = { timestamp: number; level: TSyncLogLevel; message: string };

/** This process, as job records name their runner: host and pid. */
export const currentRunner = () => `${hostname()}:${process.pid}`;

/**
 * Jobs this process is running now. A restart (or the console's periodic check) fails
 * running jobs whose runner is gone; these are alive whatever their runner string says,
 * e.g. when two portal apps share one process in tests.
 */
export const liveJobs = new Set<string>();

export const createJob = async (
  db: Kysely<Database>,
  job: {
    id?: string | undefined;
    type: TSyncJobType;
    source: string;
    destination: string;
    mysqlTable?: string | undefined;
    groupId?: string | undefined;
    parentId?: string | undefined;
    runner?: string | undefined;
    now?: number | undefined;
    /** The mapping a mapping job runs, kept for data samples. */
    mapping?: unknown;
    triggeredBy?: string | undefined;
    scheduleId?: string | undefined;
  },
): Promise<string> => {
  const id = job.id ?? crypto.randomUUID();
  const now = job.now ?? Date.now();
  // Known live before the row exists, so a concurrent check never takes it for a dead one.
  if (job.runner === undefined) {
    liveJobs.add(id);
  }
  await db
    .insertInto('sync_jobs')
    .values({
      id,
      type: job.type,
      status: 'running',
      source: job.source,
      destination: job.destination,
      mysql_table: job.mysqlTable ?? null,
      group_id: job.groupId ?? null,
      parent_id: job.parentId ?? null,
      start_time: now,
      runner: job.runner ?? currentRunner(),
      heartbeat_at: now,
      mapping: job.mapping === undefined ? null : JSON.stringify(job.mapping),
      triggered_by: job.triggeredBy?.slice(0, 255) ?? null,
      schedule_id: job.scheduleId ?? null,
    })
    .execute()
    .catch((error: unknown) => {
      liveJobs.delete(id);
      throw error;
    });
  return id;
};

export const updateJob = async (
  db: Kysely<Database>,
  id: string,
  patch: Updateable<SyncJobsTable>,
): Promise<void> => {
  await db.updateTable('sync_jobs').set(patch).where('id', '=', id).execute();
};

export const addLogs = async (db: Kysely<Database>, jobId: string, logs: TSyncLog[]) => {
  if (logs.length === 0) {
    return;
  }
  await db
    .insertInto('sync_job_logs')
    .values(logs.map((log) => ({ job_id: jobId, ...log })))
    .execute();
};

export type TJobError = {
  message: string;
  category: TSyncErrorCategory;
  suggestions: readonly string[];
  details?: string | undefined;
  stack?: string | undefined;
};

/** What the console shows of an incremental mapping's run: 'incremental since …' or 'full reload'. */
export const incrementOf = (run: TIncrementalRun): TSyncIncrement => ({
  mode: run.full ? 'full' : 'incremental',
  since: run.full ? null : run.since,
  rowsChanged: run.rowsChanged,
});

const incrementColumns = (increment: TSyncIncrement) => ({
  sync_mode: increment.mode,
  incremental_since: increment.since,
  rows_changed: increment.rowsChanged,
});

/** Records a job's end. Returns false when whileRunning is set and the job had already ended. */
export const finishJob = async (
  db: Kysely<Database>,
  id: string,
  outcome: {
    status: TSyncJobStatus;
    error?: TJobError | undefined;
    now?: number | undefined;
    /** Only a job still marked running: a check that races the job's own end loses. */
    whileRunning?: boolean | undefined;
    /** Only a job whose heartbeat is older than this: a job that beat since it was read lives. */
    silentSince?: number | undefined;
    /** An incremental mapping's run (or a group run's combined): its mode, mark and rows changed. */
    increment?: TSyncIncrement | null | undefined;
  } & Updateable<SyncJobsTable>,
): Promise<boolean> => {
  const { status, error, now, whileRunning, silentSince, increment, ...rest } = outcome;
  liveJobs.delete(id);
  let update = db.updateTable('sync_jobs').where('id', '=', id);
  if (whileRunning) {
    update = update.where('status', '=', 'running');
  }
  if (silentSince !== undefined) {
    update = update.where((eb) =>
      eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', silentSince)]),
    );
  }
  const result = await update
    .set({
      ...rest,
      status,
      progress: status === 'completed' ? 100 : rest.progress,
      end_time: now ?? Date.now(),
      retry_at: null,
      retry_attempt: null,
      retry_max: null,
      ...(increment ? incrementColumns(increment) : {}),
      ...(error
        ? {
            error_message: error.message,
            error_category: error.category,
            error_suggestions: JSON.stringify(error.suggestions),
            error_details: error.details ?? null,
            error_stack: error.stack ?? null,
          }
        : {}),
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * How long a running job may go without a heartbeat before it counts as dead. Its
 * process beats every HEARTBEAT_MS (journal.ts, 10 s), retry waits and long queries
 * included, so a minute is several missed beats, not a slow batch (issue 31).
 */
export const STALE_HEARTBEAT_MS = 60_000;

const INTERRUPTED: TJobError = {
  message: 'The sync was interrupted: the process running it stopped before it finished',
  category: 'unknown_error',
  suggestions: ['Start the sync again; the previous rows were kept.'],
};

/**
 * Marks jobs left running by a process that stopped as failed: a job whose runner
 * process on this host is gone, and any job (on any host) whose heartbeat is older than
 * STALE_HEARTBEAT_MS. Jobs of this process are alive. Each is claimed with a conditional
 * update (still running, still silent), so of several processes looking at once exactly
 * one marks it, writes its log line and warns. Returns the ids this call marked.
 */
export const failInterruptedJobs = async (
  db: Kysely<Database>,
  now = Date.now(),
  warn: (message: string, jobId: string) => void = () => undefined,
): Promise<string[]> => {
  const silentSince = now - STALE_HEARTBEAT_MS;
  const running = await db
    .selectFrom('sync_jobs')
    .select(['id', 'runner', 'heartbeat_at'])
    .where('status', '=', 'running')
    .execute();
  const host = hostname();
  const marked: string[] = [];
  for (const job of running) {
    if (liveJobs.has(job.id)) {
      continue;
    }
    const [jobHost, pid] = (job.runner ?? '').split(':');
    const gone =
      jobHost === host && (!pid || Number(pid) === process.pid || !processAlive(Number(pid)));
    const silent = (job.heartbeat_at ?? 0) < silentSince;
    if (!gone && !silent) {
      continue;
    }
    const ended = await finishJob(db, job.id, {
      status: 'failed',
      now,
      whileRunning: true,
      silentSince: gone ? undefined : silentSince,
      error: INTERRUPTED,
    });
    if (!ended) {
      continue;
    }
    marked.push(job.id);
    const why = gone
      ? 'the process running it had stopped'
      : `no heartbeat from ${job.runner ?? 'its process'} for ${Math.round((now - (job.heartbeat_at ?? 0)) / 1000)} s`;
    await addLogs(db, job.id, [
      { timestamp: now, level: 'error', message: `Marked failed: ${why}` },
    ]);
    warn(`Sync job ${job.id} marked failed: ${why}`, job.id);
  }
  return marked;
};

export const getJob = (db: Kysely<Database>, id: string) =>
  db.selectFrom('sync_jobs').selectAll().where('id', '=', id).executeTakeFirst();

export const getJobLogs = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('sync_job_logs')
    .select(['timestamp', 'level', 'message'])
    .where('job_id', '=', id)
    .orderBy('id')
    .execute();

export const childJobs = (db: Kysely<Database>, parentId: string) =>
  db
    .selectFrom('sync_jobs')
    .selectAll()
    .where('parent_id', '=', parentId)
    .orderBy('start_time')
    .execute();

/** The end of the newest group or mapping run that completed, for health and the console. */
export const lastCompletedSync = async (db: Kysely<Database>): Promise<number | undefined> => {
  const row = await db
    .selectFrom('sync_jobs')
    .select((eb) => eb.fn.max('end_time').as('at'))
    .where('status', 'in', ['completed', 'partial'])
    .executeTakeFirst();
  return row?.at ?? undefined;
};
