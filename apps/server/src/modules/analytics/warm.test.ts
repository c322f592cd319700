import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_LIMITS } from '@portal/domain/analytics';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { createVersionMemo } from '../../lib/version-memo';
import { runGroupJob } from '../../sync/runner';
import { useSyncTestBed, useTestWarehouse } from '../../sync/test-context';
import { testDialects } from '../../test/databases';
import { readRefresh } from './repository';
import { processingMemoKey, reorderMemoKey, statusMemoKey } from './routes/shared';
import { periodOf } from './service';
import { createAnswerWarmer } from './warm';

/**
 * The analytics answers prepared after a sync (issue 33): the Analytics page's first calls
 * find their default periods already computed, under the keys the routes read.
 */
// The test warehouse is generated as of 2025-06-30.
const NOW = Date.parse('2025-06-30T09:00:00Z');

const defaultKeys = () => [
  processingMemoKey(periodOf(NOW, ANALYTICS_LIMITS.defaultProcessingDays).range),
  statusMemoKey(periodOf(NOW, ANALYTICS_LIMITS.defaultStatusDurationDays).range),
  reorderMemoKey(
    periodOf(NOW, ANALYTICS_LIMITS.defaultReorderDays).range,
    ANALYTICS_LIMITS.defaultMinOrders,
  ),
];

describe.each(testDialects())('analytics answers prepared after a sync [%s]', (dialect) => {
  const bed = useSyncTestBed(dialect, useTestWarehouse({ patients: 150, seed: 5 }));

  it('computes the default periods once per data version, before anyone asks', async () => {
    const { context, database } = bed();
    expect((await runGroupJob(context, DEFAULT_FULL_SYNC_GROUP_ID)).status).toBe('completed');
    const memo = createVersionMemo();
    const warmer = createAnswerWarmer({ db: database.db, memo, clock: () => NOW });
    await warmer.tick();
    const { version } = (await readRefresh(database.db))!;
    const compute = vi.fn((): Promise<unknown> => Promise.resolve('computed on request'));
    for (const key of defaultKeys()) {
      expect(await memo.get(version, key, compute)).not.toBe('computed on request');
    }
    expect(compute).not.toHaveBeenCalled();
    const reorder = (await memo.get(version, defaultKeys()[2]!, compute)) as {
      tracked: unknown[];
    };
    expect(reorder.tracked.length).toBeGreaterThan(0);

    // Nothing new: the next check computes nothing.
    const spy = vi.spyOn(memo, 'get');
    await warmer.tick();
    expect(spy).not.toHaveBeenCalled();

    // A new version (as a sync that changed rows writes it): prepared again.
    await database.db
      .updateTable('analytics_refresh')
      // PostgreSQL returns the bigint as text, whatever its type says.
      .set({ version: Number(`${version}`) + 1 })
      .execute();
    await warmer.tick();
    expect(spy).toHaveBeenCalledTimes(3);
  }, 120_000);
});
