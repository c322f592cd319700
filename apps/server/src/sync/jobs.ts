import { hostname } from 'node:os';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { TSyncErrorCategory } from '@portal/domain/sync-errors';
import type { TSyncJobStatus, TSyncJobType, TSyncLogLevel } from '@portal/domain/sync-job';
import type { Database, SyncJobsTable } from '../db/schema';

export type TSyncJobRow = Selectable<SyncJobsTable>;
export type TSyncLog = { timestamp: number; level: TSyncLogLevel; message: string };

/** This process, as job records name their runner: host and pid. */
export const currentRunner = () => `${hostname()}:${process.pid}`;

export const createJob = async (
  db: Kysely<Database>,
  job: {
    type: TSyncJobType;
    source: string;
    destination: string;
    mysqlTable?: string | undefined;
    groupId?: string | undefined;
    parentId?: string | undefined;
    runner?: string | undefined;
    now?: number | undefined;
  },
): Promise<string> => {
  const id = crypto.randomUUID();
  const now = job.now ?? Date.now();
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
    })
    .execute();
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

export const finishJob = async (
  db: Kysely<Database>,
  id: string,
  outcome: {
    status: TSyncJobStatus;
    error?: TJobError | undefined;
    now?: number | undefined;
  } & Updateable<SyncJobsTable>,
) => {
  const { status, error, now, ...rest } = outcome;
  await updateJob(db, id, {
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
  });
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
    const [jobHost, pid] = (job.runner ?? '').split(':');
    if (jobHost === host && pid && processAlive(Number(pid)) && Number(pid) !== process.pid) {
      return false;
    }
    if (jobHost === host) {
      return true;
    }
    return (job.heartbeat_at ?? 0) < now - STALE_HEARTBEAT_MS;
  });
  for (const job of dead) {
    await finishJob(db, job.id, {
      status: 'failed',
      now,
      error: {
        message: 'The sync was interrupted: the process running it stopped before it finished',
        category: 'unknown_error',
        suggestions: ['Start the sync again; the previous rows were kept.'],
      },
    });
    await addLogs(db, job.id, [
      {
        timestamp: now,
        level: 'error',
        message: 'Marked failed at start-up: its runner had stopped',
      },
    ]);
  }
  return dead.map((job) => job.id);
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
