import { beforeAll, describe, expect, it } from 'vitest';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import type { TMappingInput } from '@portal/domain/sync-mapping';
import { mutateWarehouse } from '@portal/tools/warehouse/mutate';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { DEFAULT_MAPPINGS } from '../../sync/default-groups';
import { readWatermark } from '../../sync/incremental-store';
import { openDuckDbWarehouse } from '../../sync/warehouse/duckdb';
import { getJson, goodMapping, runGroup, signInAs, type TAsUser } from './test-support';

/**
 * Issue 33: Job History and Job Details say how an incremental mapping's run read the
 * warehouse ('full reload', or 'incremental since' its mark) and how many rows changed,
 * for the mapping's job and for its group run. The tests run in order on one portal.
 */
/** The default orders mapping: incremental by SO and SC's LASTMODIFIED. */
const incrementalOrders: TMappingInput = DEFAULT_MAPPINGS.orders!;
const GROUP_ID = 'incremental_orders';
/** A query mapping, which is never incremental. */
const PLAIN_GROUP_ID = 'plain_payors';

type TJobDetail = TSyncJob & { children: TSyncJob[] };

describe.each(testDialects())('data-sync job increments [%s]', (dialect) => {
  const warehouseFile = useTestWarehouse({ patients: 120, seed: 7 });
  const portal = useTestPortal(dialect, {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
  });
  let admin: TAsUser;
  beforeAll(async () => {
    admin = await signInAs(portal().app, 'admin');
    for (const group of [
      { id: GROUP_ID, name: 'Incremental orders', mappings: [incrementalOrders] },
      { id: PLAIN_GROUP_ID, name: 'Plain payors', mappings: [goodMapping] },
    ]) {
      const saved = await admin({
        method: 'POST',
        url: '/api/data-sync/sync-groups',
        payload: { group },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });

  const detail = (id: string) =>
    getJson<{ data: TJobDetail }>(admin, `/api/data-sync/jobs/${id}`).then((body) => body.data);
  /** The job as Job History lists it. */
  const listed = async (id: string) => {
    const { jobs } = await getJson<{ jobs: TSyncJob[] }>(admin, '/api/data-sync/jobs?per_page=100');
    return jobs.find((job) => job.id === id);
  };
  const increment = (job: TSyncJob | undefined) => ({
    sync_mode: job?.sync_mode,
    incremental_since: job?.incremental_since,
    rows_changed: job?.rows_changed,
  });
  /** Keys whose order or classification changed after the mark: the keys a run touches. */
  const ordersChangedAfter = async (mark: string) => {
    const warehouse = await openDuckDbWarehouse(warehouseFile());
    try {
      return await warehouse.count(
        `SELECT DISTINCT SO.SALESORDERKEY FROM SALESORDERS SO
         LEFT JOIN SOCLASSIFICATIONS SC ON SO.SOCLASSIFICATIONKEY = SC.SOCLASSIFICATIONKEY
         WHERE SO.LASTMODIFIED > TIMESTAMP '${mark}' OR SC.LASTMODIFIED > TIMESTAMP '${mark}'`,
      );
    } finally {
      await warehouse.close();
    }
  };
  /** Every order row in the portal, as text by its key. */
  const ordersByKey = async () => {
    const rows = await portal().database.db.selectFrom('orders').selectAll().execute();
    return new Map(rows.map((row) => [row.order_id, JSON.stringify(row)]));
  };
  let firstMark: string;

  it('says full reload, every row changed, for the first run of an incremental mapping', async () => {
    const { app, database } = portal();
    const runId = await runGroup(app, admin, GROUP_ID);
    const run = await detail(runId);
    expect(run.status).toBe('completed');
    const child = run.children[0]!;
    expect(child.rows_processed).toBeGreaterThan(0);
    const full = { sync_mode: 'full', incremental_since: null, rows_changed: child.rows_processed };
    expect(increment(child)).toEqual(full);
    expect(increment(await detail(child.id))).toEqual(full);
    expect(increment(await listed(child.id))).toEqual(full);
    expect(increment(run)).toEqual(full);
    expect(increment(await listed(runId))).toEqual(full);
    firstMark = (await readWatermark(database.db, 'orders'))!.mark!;
    expect(firstMark).toMatch(/^2025-06-/);
  });

  it('says incremental since the previous mark, with the rows changed, after a warehouse change', async () => {
    const { app, database } = portal();
    const summary = await mutateWarehouse({
      file: warehouseFile(),
      ordersPercent: 5,
      seed: 3,
      at: '2025-07-01T08:00:00Z',
    });
    expect(summary.tables.SALESORDERS.deleted).toBeGreaterThan(0);
    const touched = await ordersChangedAfter(firstMark);
    expect(touched).toBeGreaterThan(0);
    const before = await ordersByKey();
    const runId = await runGroup(app, admin, GROUP_ID);
    const after = await ordersByKey();
    // Rows changed: the orders inserted, updated or deleted, not every key read again.
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (key) => before.get(key) !== after.get(key),
    ).length;
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThanOrEqual(touched);
    const run = await detail(runId);
    expect(run.status).toBe('completed');
    const child = run.children[0]!;
    const incremental = {
      sync_mode: 'incremental',
      incremental_since: firstMark,
      rows_changed: changed,
    };
    expect(increment(child)).toEqual(incremental);
    expect(increment(await detail(child.id))).toEqual(incremental);
    expect(increment(await listed(child.id))).toEqual(incremental);
    expect(increment(run)).toEqual(incremental);
    expect(increment(await listed(runId))).toEqual(incremental);
    // Fewer rows than the table holds: the run read only the changes.
    expect(changed).toBeLessThan(child.source_count! / 2);
    expect((await readWatermark(database.db, 'orders'))!.mark).toBe('2025-07-01 08:00:00');
  });

  it('leaves the three fields null on a job of a mapping that is not incremental', async () => {
    const { app } = portal();
    const runId = await runGroup(app, admin, PLAIN_GROUP_ID);
    const run = await detail(runId);
    expect(run.status).toBe('completed');
    const none = { sync_mode: null, incremental_since: null, rows_changed: null };
    expect(increment(run)).toEqual(none);
    expect(increment(run.children[0])).toEqual(none);
  });
});
