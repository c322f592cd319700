import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FULL_RELOAD_GROUP_ID, DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { mutateWarehouse } from '@portal/tools/warehouse/mutate';
import type { TPortalDatabase } from '../db/database';
import { testDialects } from '../test/databases';
import { useTestWarehouse } from '../test/warehouse';
import { DEFAULT_MAPPINGS } from './default-groups';
import { applyPendingDerived } from './derived-later';
import { getJobLogs } from './jobs';
import { syncMapping } from './sync-mapping';
import { pairRuns, tableContents, useLiveAndReference } from './test-context';

/**
 * The worklist's share of a group's incremental loads, applied once after the group's last
 * mapping (derived-later.ts), on every dialect: until then the changed orders wait in
 * sync_worklist_pending and the worklist is as it was; a step that fails keeps them there
 * and fails the group, and the next run applies them. "reference" takes full reloads.
 */
const WORKLIST_TABLES = ['order_worklist', 'order_worklist_counts'] as const;

describe.each(testDialects())('worklist changes applied after the loads [%s]', (dialect) => {
  const warehouseFile = useTestWarehouse({ patients: 150, seed: 5 });
  const portals = useLiveAndReference(dialect);

  const { withWarehouse, runGroup } = pairRuns(dialect, portals, warehouseFile);
  const live = () => portals.live.database.db;
  const pending = async () => {
    const { rows } = await sql<{
      n: number | string;
    }>`SELECT COUNT(*) AS n FROM sync_worklist_pending`.execute(live());
    return Number(rows[0]!.n);
  };
  const dataVersion = async () => {
    const { rows } = await sql<{
      version: number | string;
    }>`SELECT version FROM analytics_refresh`.execute(live());
    return String(rows[0]?.version);
  };
  const worklists = async (database: TPortalDatabase) =>
    Promise.all(WORKLIST_TABLES.map((table) => tableContents(database, table)));
  const expectWorklistsOfFullReload = async () => {
    expect((await runGroup('reference', DEFAULT_FULL_RELOAD_GROUP_ID)).status).toBe('completed');
    expect(await worklists(portals.live.database)).toEqual(
      await worklists(portals.reference.database),
    );
  };
  const mutate = (at: string) =>
    mutateWarehouse({ file: warehouseFile(), ordersPercent: 10, seed: 4, at });

  it('a group run leaves nothing pending and its worklist equals a full reload', async () => {
    expect((await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID)).status).toBe('completed');
    await mutate('2025-08-01T08:00:00Z');
    expect((await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID)).status).toBe('completed');
    expect(await pending()).toBe(0);
    await expectWorklistsOfFullReload();
  }, 120_000);

  it("keeps a deferred load's changed orders pending, the worklist as it was, until the step", async () => {
    await mutate('2025-08-02T08:00:00Z');
    const before = await worklists(portals.live.database);
    const run = await withWarehouse((warehouse) =>
      syncMapping({
        mapping: DEFAULT_MAPPINGS.orders!,
        warehouse,
        loader: portals.live.loader,
        portal: live(),
        deferDerived: true,
      }),
    );
    expect(run.incremental).toMatchObject({ full: false });
    expect(run.incremental!.rowsChanged).toBeGreaterThan(0);
    expect(await pending()).toBeGreaterThan(0);
    expect(await worklists(portals.live.database)).toEqual(before);

    // The notification scan reads the worklist when the data version moves: the step moves it.
    const loaded = await dataVersion();
    expect(await applyPendingDerived(portals.live.loader, live())).toBe(true);
    expect(await pending()).toBe(0);
    expect(await worklists(portals.live.database)).not.toEqual(before);
    expect(await dataVersion()).not.toBe(loaded);
    // Nothing left: the step reads one row and stops.
    expect(await applyPendingDerived(portals.live.loader, live())).toBe(false);
    expect((await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID)).status).toBe('completed');
    await expectWorklistsOfFullReload();
  }, 120_000);

  it('a step that fails keeps the orders pending and fails the group; the next run applies them', async () => {
    await mutate('2025-08-03T08:00:00Z');
    const before = await worklists(portals.live.database);
    // The step's last write goes to the counts: without them it fails after its other writes.
    await sql`ALTER TABLE order_worklist_counts RENAME TO order_worklist_counts_away`.execute(
      live(),
    );
    try {
      const failed = await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID);
      expect(failed.status).toBe('failed');
      expect(failed.error?.message).toContain(
        'The loads committed, but the worklist could not be brought up to date (the next sync run tries again)',
      );
      expect(failed.children!.every((child) => child.status === 'completed')).toBe(true);
      const logs = await getJobLogs(live(), failed.id);
      expect(logs.some((log) => log.level === 'error' && log.message.includes('worklist'))).toBe(
        true,
      );
    } finally {
      await sql`ALTER TABLE order_worklist_counts_away RENAME TO order_worklist_counts`.execute(
        live(),
      );
    }
    // Rolled back whole: the worklist as it was, every changed order still pending.
    expect(await pending()).toBeGreaterThan(0);
    expect(await worklists(portals.live.database)).toEqual(before);

    // The warehouse has not changed since: the loads find nothing, the step applies the rest.
    const next = await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID);
    expect(next.status).toBe('completed');
    expect(await pending()).toBe(0);
    await expectWorklistsOfFullReload();
  }, 120_000);
});
