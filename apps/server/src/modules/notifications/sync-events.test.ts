import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { statusGroupOf } from '@portal/domain/order-status';
import { hasTrackingNumber } from '@portal/domain/tracking';
import { mutateWarehouse } from '@portal/tools/warehouse/mutate';
import { createTestDatabase, testDialects } from '../../test/databases';
import { createTestUser } from '../../test/sessions';
import { createDatabase, type TPortalDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';

import { ensureDefaultGroups } from '../../sync/groups';
import { openLoader } from '../../sync/load/index';
import type { TLoader } from '../../sync/load/types';
import { runGroupJob } from '../../sync/runner';
import { useTestWarehouse } from '../../sync/test-context';
import { openDuckDbWarehouse } from '../../sync/warehouse/duckdb';
import { scanForEvents } from './scan';

type TWorklistRow = {
  order_id: string;
  status: string | null;
  tracking_number: string | null;
  delivery_status: string | null;
  delivery_date: string | null;
};

/** The three states, by the domain's rules (core.md section 4), not by the scan's SQL. */
const statesOf = (row: TWorklistRow) => {
  const delivered =
    Boolean(row.delivery_date) || row.delivery_status?.trim().toLowerCase() === 'delivered';
  const group = statusGroupOf(row.status?.trim());
  return {
    action_needed: group === 'pending_documents',
    shipped:
      group === 'shipped' ||
      delivered ||
      row.delivery_status?.trim().toLowerCase() === 'shipped' ||
      hasTrackingNumber(row.tracking_number),
    delivered,
  };
};

/**
 * A real warehouse mutated the ERP's way (issue 33's warehouse:mutate) and synced by the
 * default incremental group: the scan's events are exactly the orders whose state turned
 * on between the two worklists, each once, and a second run of the sync adds none.
 */
describe.each(testDialects())('notification events after a real sync [%s]', (dialect) => {
  const warehouseFile = useTestWarehouse({ patients: 120, seed: 21 });
  let portal: { database: TPortalDatabase; loader: TLoader } | undefined;
  const cleanup: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const test = await createTestDatabase(dialect, { migrated: true });
    const database = createDatabase(test.url);
    await migrateToLatest(database.db);
    await ensureDefaultGroups(database.db);
    const loader = await openLoader(test.url);
    cleanup.push(
      () => loader.close(),
      () => database.destroy(),
      test.drop,
    );
    portal = { database, loader };
  }, 60_000);
  afterAll(async () => {
    for (const step of cleanup) {
      await step();
    }
  }, 60_000);
  const bed = () => portal!;

  /** The warehouse is opened per run: a mutation needs the file to itself. */
  const sync = async () => {
    const warehouse = await openDuckDbWarehouse(warehouseFile());
    try {
      const { loader } = bed();
      const { db } = bed().database;
      const result = await runGroupJob(
        { db, warehouse, loader, destinationLabel: dialect },
        DEFAULT_FULL_SYNC_GROUP_ID,
      );
      expect(result.status).toBe('completed');
    } finally {
      await warehouse.close();
    }
  };
  const worklist = () =>
    bed()
      .database.db.selectFrom('order_worklist')
      .select(['order_id', 'status', 'tracking_number', 'delivery_status', 'delivery_date'])
      .execute();
  const scan = (owner: string) =>
    scanForEvents(bed().database.db, {
      now: Date.now(),
      owner,
      timeZone: 'UTC',
      waitingDays: 14,
    });

  it('finds each order whose state turned on, once', async () => {
    const { db } = bed().database;
    await sync();
    expect(await scan('first')).toMatchObject({ claimed: true, baseline: true, events: 0 });
    // An admin who follows every patient hears of every order.
    const admin = await createTestUser(db, { email: 'all@example.com', role: 'admin' });
    const patients = await db.selectFrom('patients').select('patient_key').execute();
    await db
      .insertInto('user_favorites')
      .values(
        patients.map((row) => ({ user_id: admin, patient_key: row.patient_key, created_at: 0 })),
      )
      .execute();

    const before = new Map((await worklist()).map((row) => [row.order_id, statesOf(row)]));
    const summary = await mutateWarehouse({ file: warehouseFile(), ordersPercent: 20, seed: 5 });
    expect(summary.tables.SALESORDERS.updated).toBeGreaterThan(0);
    await sync();
    const expected: string[] = [];
    for (const row of await worklist()) {
      const was = before.get(row.order_id);
      for (const [kind, on] of Object.entries(statesOf(row))) {
        if (on && !was?.[kind as keyof typeof was]) {
          expected.push(`${kind} ${row.order_id}`);
        }
      }
    }
    expect(expected.length).toBeGreaterThan(0);

    const result = await scan('second');
    const events = async () =>
      (
        await db
          .selectFrom('notification_events')
          .select(['kind', 'order_id'])
          .where('kind', '<>', 'waiting')
          .execute()
      )
        .map((row) => `${row.kind} ${row.order_id}`)
        .sort();
    expect(await events()).toEqual(expected.sort());
    expect(result).toMatchObject({ claimed: true, baseline: false });
    const notified = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', admin)
      .executeTakeFirstOrThrow();
    expect(Number(notified.count)).toBeGreaterThanOrEqual(expected.length);

    // The same sync again changes nothing, and a scan finds nothing new.
    await sync();
    await scan('third');
    expect(await events()).toEqual(expected.sort());
  }, 180_000);
});
