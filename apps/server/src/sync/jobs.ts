import { hostname } from 'node:os';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { TSyncErrorCategory } from '@portal/domain/sync-errors';
import type { TSyncJobStatus, TSyncJobType, TSyncLogLevel } from '@portal/domain/sync-job';
import type { Database, SyncJobsTable } from '../db/schema';

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
  } & Updateable<SyncJobsTable>,
): Promise<boolean> => {
  const { status, error, now, whileRunning, ...rest } = outcome;
  liveJobs.delete(id);
  let update = db.updateTable('sync_jobs').where('id', '=', id);
  if (whileRunning) {
    update = update.where('status', '=', 'running');
  }
  const result = await update
    .set({
      ...rest,
      status,
      progress: status === 'completed' ? 100 : rest.progress,
      end_time: now ?? Date.now(),
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

/** How long a job on another host may go without a heartbeat before it counts as dead. */
export const STALE_HEARTBEAT_MS = 15 * 60_000;

/**
 * Marks jobs left running by a crash as failed. A job whose runner process on
 * this host is gone is dead; a job on another host is dead once its heartbeat
 * is stale. Returns the ids it marked.
 */
export const failInterruptedJobs = async (
  db: Kysely<Database>,
  now = Date.now(),
): Promise<string[]> => {
  const running = await db
    .selectFrom('sync_jobs')
    .select(['id', 'runner', 'heartbeat_at'])
    .where('status', '=', 'running')
    .execute();
  const host = hostname();
  const dead = running.filter((job) => {
    if (liveJobs.has(job.id)) {
      return false;
    }
    const [jobHost, pid] = (job.runner ?? '').split(':');
    if (jobHost === host && pid && processAlive(Number(pid)) && Number(pid) !== process.pid) {
      return false;
    }
    if (jobHost === host) {
      return true;
    }
    return (job.heartbeat_at ?? 0) < now - STALE_HEARTBEAT_MS;
  });
  const marked: string[] = [];
  for (const job of dead) {
    const ended = await finishJob(db, job.id, {
      status: 'failed',
      now,
      whileRunning: true,
      error: {
        message: 'The sync was interrupted: the process running it stopped before it finished',
        category: 'unknown_error',
        suggestions: ['Start the sync again; the previous rows were kept.'],
      },
    });
    if (!ended) {
      continue;
    }
    marked.push(job.id);
    await addLogs(db, job.id, [
      {
        timestamp: now,
        level: 'error',
        message: 'Marked failed: the process running it had stopped',
      },
    ]);
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
