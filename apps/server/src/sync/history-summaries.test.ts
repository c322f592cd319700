import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { refillAllSummaries } from '../modules/analytics/summaries';
import { testDialects } from '../test/databases';
import { DEFAULT_MAPPINGS } from './default-groups';
import { runGroupJob, runMappingJob } from './runner';
import { tableContents, useSyncTestBed, useTestWarehouse } from './test-context';

const SUMMARIES = ['analytics_processing_days', 'analytics_status_days', 'analytics_patient_days'];

const warehouseFile = useTestWarehouse({ patients: 40, seed: 5 });

/**
 * A full load of the status history refills the analytics summaries that read it, unless
 * there are no orders for them to read (a first sync loads the history before the orders):
 * then they are emptied without reading the history (analytics/summaries.ts, summaryLoadSql).
 */
describe.each(testDialects())('the summaries of a full history load [%s]', (dialect) => {
  const bed = useSyncTestBed(dialect, warehouseFile);

  const contents = async () => {
    const { database } = bed();
    return Promise.all(SUMMARIES.map((table) => tableContents(database, table)));
  };
  const version = async () => {
    const { rows } = await sql<{ version: number | string }>`
      SELECT version FROM analytics_refresh`.execute(bed().database.db);
    return rows[0]?.version;
  };
  const runHistory = async (mapping: object) => {
    const summary = await runMappingJob(bed().context, mapping);
    expect(summary.error).toBeUndefined();
    expect(summary.status).toBe('completed');
  };

  it('empties them, stamped as a new version, while there are no orders', async () => {
    const { db } = bed().database;
    await sql`INSERT INTO analytics_status_days (day, status, order_count, total_ms, min_ms, max_ms)
      VALUES (20000, 'Shipped', 3, 30, 5, 15)`.execute(db);
    await sql`INSERT INTO analytics_processing_days (day, category, order_count, total_ms)
      VALUES (20000, 'Uncategorized', 2, 40)`.execute(db);
    const before = await version();

    await runHistory(DEFAULT_MAPPINGS.order_status_history!);

    const { rows } = await sql<{ n: number | string }>`
      SELECT COUNT(*) AS n FROM order_status_history`.execute(db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    expect((await contents()).map((table) => table.length)).toEqual([0, 0, 0]);
    expect(await version()).not.toBe(before);
  });

  it('leaves them equal to a whole refill after the first sync', async () => {
    const summary = await runGroupJob(bed().context, DEFAULT_FULL_SYNC_GROUP_ID);
    expect(summary.status).toBe('completed');
    const synced = await contents();
    expect(synced[0]!.length).toBeGreaterThan(0);
    expect(synced[1]!.length).toBeGreaterThan(0);
    await refillAllSummaries(bed().database.db, dialect);
    expect(await contents()).toEqual(synced);
  });

  it('refills them from the orders when the history alone is loaded again', async () => {
    const { db } = bed().database;
    const refilled = await contents();
    await sql`DELETE FROM analytics_status_days`.execute(db);
    await sql`UPDATE analytics_processing_days SET order_count = order_count + 7`.execute(db);

    // Without its cursor the default mapping replaces the table whole on every run.
    const replace = { ...DEFAULT_MAPPINGS.order_status_history!, incremental: undefined };
    await runHistory(replace);

    expect(await contents()).toEqual(refilled);
  });
});
