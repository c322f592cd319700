import type { Kysely } from 'kysely';
import { dialectOfDb } from '../../db/database';
import type { Database } from '../../db/schema';

export const DAY_MS = 24 * 60 * 60_000;

/** The UTC day a time falls in, as its first millisecond: one purge per such slot. */
export const daySlot = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;

/**
 * Claims today's run of a daily job for this process. The row's next_run_at moves to
 * the next day slot in one conditional UPDATE; when processes race, the database
 * applies one update and the others match no row, so only one runs the job. A process
 * that dies mid-run leaves the slot claimed: the job waits for the next day, and
 * since it deletes by age, tomorrow's run takes up what was left.
 */
export const claimDailyRun = async (
  db: Kysely<Database>,
  options: { name: string; now: number; owner: string },
): Promise<boolean> => {
  const { name, now, owner } = options;
  const insert = db
    .insertInto('housekeeping_runs')
    .values({ name, next_run_at: 0, claimed_by: null, claimed_at: null });
  // The first process to look creates the row; later ones find it there.
  await (
    dialectOfDb(db) === 'mysql'
      ? insert.ignore()
      : insert.onConflict((conflict) => conflict.column('name').doNothing())
  ).execute();
  const result = await db
    .updateTable('housekeeping_runs')
    .set({ next_run_at: daySlot(now) + DAY_MS, claimed_by: owner, claimed_at: now })
    .where('name', '=', name)
    .where('next_run_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const finishRun = (
  db: Kysely<Database>,
  options: { name: string; now: number; result: string },
) =>
  db
    .updateTable('housekeeping_runs')
    .set({ finished_at: options.now, last_result: options.result.slice(0, 255) })
    .where('name', '=', options.name)
    .execute();

export const PURGE_BATCH = 1_000;

/**
 * Deletes audit rows older than the cut-off, a bounded batch per statement, so no
 * statement holds locks on the table for long while requests keep writing to it. The event
 * loop turns between batches: SQLite's statements run in the portal's own thread, and a
 * day's worth of a busy portal's audit rows is many batches.
 */
export const purgeAuditRows = async (
  db: Kysely<Database>,
  options: { before: number; batchSize?: number },
): Promise<number> => {
  const batchSize = options.batchSize ?? PURGE_BATCH;
  let deleted = 0;
  for (;;) {
    const ids = await db
      .selectFrom('audit_log')
      .select('id')
      .where('at', '<', options.before)
      .orderBy('at')
      .limit(batchSize)
      .execute();
    if (ids.length === 0) {
      return deleted;
    }
    const result = await db
      .deleteFrom('audit_log')
      .where(
        'id',
        'in',
        ids.map((row) => row.id),
      )
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (ids.length < batchSize) {
      return deleted;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
};
