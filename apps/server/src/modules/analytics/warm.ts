import type { Kysely } from 'kysely';
import { ANALYTICS_LIMITS, dayOf } from '@portal/domain/analytics';
import type { Database } from '../../db/schema';
import type { TVersionMemo } from '../../lib/version-memo';
import { reorderFigures } from './reorder';
import { readRefresh } from './repository';
import { processingMemoKey, reorderMemoKey, statusMemoKey } from './routes/shared';
import { periodOf, processingTime, statusDurationPanel } from './service';

/**
 * Answers prepared before anyone asks (issue 33): a sync that changes the data writes a
 * new version, which empties every process's memo, and the Analytics page's first answers
 * (its default periods) would be computed while an admin waits: seconds at a supplier's
 * size, every 15 minutes now that syncs are incremental. Each process reads the version
 * on a timer and, when it moved, computes those answers into its own memo, under the keys
 * the routes read. A request arriving meanwhile shares the computation in flight.
 */
export const warmDefaultAnswers = async (
  db: Kysely<Database>,
  memo: TVersionMemo,
  version: number,
  now: number,
) => {
  const processing = periodOf(now, ANALYTICS_LIMITS.defaultProcessingDays).range;
  await memo.get(version, processingMemoKey(processing), () => processingTime(db, processing));
  const status = periodOf(now, ANALYTICS_LIMITS.defaultStatusDurationDays).range;
  await memo.get(version, statusMemoKey(status), () => statusDurationPanel(db, status));
  const reorder = periodOf(now, ANALYTICS_LIMITS.defaultReorderDays).range;
  const minOrders = ANALYTICS_LIMITS.defaultMinOrders;
  await memo.get(version, reorderMemoKey(reorder, minOrders), () =>
    reorderFigures(db, { range: reorder, today: dayOf(now), minOrders }),
  );
};

/** One check: prepares the defaults when the version moved since the last one prepared. */
export const createAnswerWarmer = (options: {
  db: Kysely<Database>;
  memo: TVersionMemo;
  clock: () => number;
}) => {
  let prepared: { version: number; day: number } | undefined;
  let running: Promise<void> = Promise.resolve();
  const check = async () => {
    const refresh = await readRefresh(options.db);
    if (!refresh) {
      return;
    }
    const now = options.clock();
    // As the routes read it (PostgreSQL gives the bigint as text): the memo compares it.
    const version = refresh.version;
    // A new day moves the default periods too.
    if (prepared?.version === version && prepared.day === dayOf(now)) {
      return;
    }
    await warmDefaultAnswers(options.db, options.memo, version, now);
    prepared = { version, day: dayOf(now) };
  };
  return {
    /** Runs a check unless one is still running; resolves when it is done. */
    tick: () => {
      running = running.catch(() => undefined).then(check);
      return running;
    },
    idle: () => running.catch(() => undefined),
  };
};
