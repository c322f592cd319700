import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** How often a process running a sync looks for a cancel asked for in any process. */
export const CANCEL_POLL_MS = 1000;

/** The failure a cancelled run ends with; not a connection error, so never retried. */
export class SyncCancelled extends Error {
  override name = 'SyncCancelled';
  constructor(by: string) {
    super(`Sync cancelled by ${by}`);
  }
}

/** The failure of a run the process stopped because it was shutting down (SIGTERM). */
export class SyncStoppedByShutdown extends Error {
  override name = 'SyncStoppedByShutdown';
  constructor() {
    super('Sync stopped by shutdown: the portal process stopped before the run finished');
  }
}

/**
 * Asks for a running job to stop: a conditional update of its row, so whichever process
 * runs it sees the request. False when the job is not running (or already asked).
 */
export const requestCancel = async (
  db: Kysely<Database>,
  options: { jobId: string; by: string; now: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('sync_jobs')
    .set({ cancel_requested_at: options.now, cancel_requested_by: options.by.slice(0, 255) })
    .where('id', '=', options.jobId)
    .where('status', '=', 'running')
    .where('cancel_requested_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Who asked to cancel a run (the job or any of its mapping jobs), if anyone has. */
export const cancelRequestOf = async (
  db: Kysely<Database>,
  runId: string,
): Promise<string | undefined> => {
  const row = await db
    .selectFrom('sync_jobs')
    .select('cancel_requested_by')
    .where((eb) => eb.or([eb('id', '=', runId), eb('parent_id', '=', runId)]))
    .where('cancel_requested_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row ? (row.cancel_requested_by ?? 'a user') : undefined;
};

/**
 * Watches a run for a cancel until stopped; on one, calls stop once with the reason.
 * A failed look is tried again at the next poll: a database hiccup never stops a run.
 */
export const watchForCancel = (
  db: Kysely<Database>,
  runId: string,
  stop: (reason: SyncCancelled) => void,
) => {
  let looking = false;
  const timer = setInterval(() => {
    if (looking) {
      return;
    }
    looking = true;
    cancelRequestOf(db, runId)
      .then((by) => {
        if (by !== undefined) {
          clearInterval(timer);
          stop(new SyncCancelled(by));
        }
      })
      .catch(() => undefined)
      .finally(() => {
        looking = false;
      });
  }, CANCEL_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
};
