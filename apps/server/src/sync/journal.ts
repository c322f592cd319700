import type { Kysely, Updateable } from 'kysely';
import type { TSyncLogLevel } from '@portal/domain/sync-job';
import type { Database, SyncJobsTable } from '../db/schema';
import { addLogs, updateJob, type TSyncLog } from './jobs';

/** How often a running job's process marks it alive (jobs.ts fails one silent for a minute). */
export const HEARTBEAT_MS = 10_000;

/** Progress (and its debug line) is written at most this often while rows stream. */
export const PROGRESS_EVERY_MS = 1000;

export type TJournalContext = {
  db: Kysely<Database>;
  /** The time heartbeats and retry waits are written in; the portal passes app.clock. */
  clock?: (() => number) | undefined;
  print?: ((line: string) => void) | undefined;
};

export type TRetryWait = { at: number; attempt: number; max: number };

/**
 * A job's log and liveness (issue 31). Each line is written as it is logged, in order,
 * so the console's next poll shows it; a write that fails is tried again with the next
 * one. A timer beats the job's heartbeat while it runs, retry waits and long warehouse
 * queries included; close() stops it.
 */
export const jobJournal = (
  context: TJournalContext,
  jobId: string,
  options: { parentId?: string | undefined } = {},
) => {
  const { db } = context;
  const clock = context.clock ?? Date.now;
  let pending: TSyncLog[] = [];
  let chain: Promise<void> = Promise.resolve();
  let lastProgress = 0;

  /** Queues a write of the pending lines (and a patch) behind the writes before it. */
  const write = (patch?: Updateable<SyncJobsTable>, parentPatch?: Updateable<SyncJobsTable>) => {
    const written = chain.then(async () => {
      const logs = pending;
      pending = [];
      try {
        await addLogs(db, jobId, logs);
      } catch (error) {
        pending = [...logs, ...pending];
        throw error;
      }
      if (patch) {
        await updateJob(db, jobId, patch);
      }
      if (parentPatch && options.parentId) {
        await updateJob(db, options.parentId, parentPatch);
      }
    });
    chain = written.catch(() => undefined);
    return written;
  };

  const log = (level: TSyncLogLevel, message: string) => {
    pending.push({ timestamp: Date.now(), level, message });
    if (level !== 'debug') {
      context.print?.(`  ${message}`);
    }
    // A line that cannot be written now goes with the next write or the final flush.
    write().catch(() => undefined);
  };

  /** Writes what is pending with the patch; throws when the database refuses. */
  const flush = (patch: { progress?: number; rows_processed?: number } = {}) =>
    write({ ...patch, heartbeat_at: clock() });

  /** Throttled progress; true when it was written (the group's progress follows it). */
  const progress = async (patch: { progress: number; rows_processed: number }) => {
    if (Date.now() - lastProgress < PROGRESS_EVERY_MS) {
      return false;
    }
    lastProgress = Date.now();
    context.print?.(`  ${patch.rows_processed} rows (${patch.progress}%)`);
    pending.push({
      timestamp: Date.now(),
      level: 'debug',
      message: `Progress: ${patch.rows_processed} rows loaded (${patch.progress}%)`,
    });
    await flush(patch);
    return true;
  };

  /** Records a retry wait on the job and its group job, or clears it (null). */
  const retryWait = (wait: TRetryWait | null) => {
    const fields = wait
      ? { retry_at: wait.at, retry_attempt: wait.attempt, retry_max: wait.max }
      : { retry_at: null, retry_attempt: null, retry_max: null };
    return write({ ...fields, heartbeat_at: clock() }, fields);
  };

  const timer = setInterval(() => {
    write({ heartbeat_at: clock() }).catch(() => undefined);
  }, HEARTBEAT_MS);
  timer.unref();
  const close = () => clearInterval(timer);

  return { log, flush, progress, retryWait, close, clock };
};

export type TJournal = ReturnType<typeof jobJournal>;
