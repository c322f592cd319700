import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { dispatchInstant } from '../../apps/server/src/modules/notifications/dispatch';
import { scanForEvents } from '../../apps/server/src/modules/notifications/scan';
import { openLoader } from '../../apps/server/src/sync/load/index';
import { runGroupJob } from '../../apps/server/src/sync/runner';
import { openDuckDbWarehouse } from '../../apps/server/src/sync/warehouse/duckdb';
import { mutateWarehouse } from '../warehouse/mutate';

/**
 * `npm run bench:notifications -- --data-dir DIR [--database-url mysql://…|postgres://…]
 *   [--followers 200] [--favorites 50] [--orders-percent 1]`
 *
 * The notification scan (issue 34) on a portal already synced at size (DATA_DIR holds
 * warehouse.duckdb and, without --database-url, portal.db). Its notification tables are
 * emptied, `followers` case managers of the largest payor each star `favorites` of its
 * patients (one of them hears about every patient of the payor), and it times:
 *   - baseline: one read of the worklist columns a scan compares (the floor of any scan);
 *   - the first scan (records every order's state, tells no one);
 *   - a scan after a new data version with no order changed (what every sync pays);
 *   - a scan after `warehouse:mutate --orders-percent N` and the default incremental sync,
 *     with its events and notifications, and the instant mails for them.
 * Each figure is printed with its ratio to the baseline. It changes the warehouse and the
 * portal database: run it on a bench copy. Not a test.
 */

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    followers: { type: 'string', default: '200' },
    favorites: { type: 'string', default: '50' },
    'orders-percent': { type: 'string', default: '1' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir) {
  throw new Error('--data-dir DIR is required (a synced portal: warehouse.duckdb, portal.db)');
}
const url = values['database-url'] ?? path.join(dataDir, 'portal.db');
const warehouseFile = path.join(dataDir, 'warehouse.duckdb');
const database = createDatabase(url);
const { db } = database;

const timed = async <T>(work: () => Promise<T>) => {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
};
const scan = (owner: string) =>
  scanForEvents(db, { now: Date.now(), owner, timeZone: 'UTC', waitingDays: 14 });
const newVersion = () =>
  db.transaction().execute(async (trx) => {
    await trx.deleteFrom('analytics_refresh').execute();
    await trx
      .insertInto('analytics_refresh')
      .values({ id: 1, refreshed_at: Date.now(), version: Math.floor(Math.random() * 2 ** 48) })
      .execute();
  });

try {
  await migrateToLatest(db);
  for (const table of [
    'notifications',
    'notification_events',
    'notification_order_states',
    'notification_scans',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom('users').where('email', 'like', 'bench-follower-%').execute();
  const { n: orders } = await db
    .selectFrom('order_worklist')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  // Every row's compared columns, read and summed, so no covering index answers a count alone.
  const baseline = await timed(async () => {
    const { rows } = await sql<{ n: number }>`SELECT SUM(LENGTH(order_id)
        + CASE WHEN view_group = 'action_items' THEN 1 ELSE 0 END + shipped_view
        + COALESCE(LENGTH(tracking_number), 0) + COALESCE(LENGTH(delivery_date), 0)
        + COALESCE(LENGTH(delivery_status), 0)) AS n
      FROM order_worklist`.execute(db);
    return rows[0]?.n;
  });

  const first = await timed(() => scan('bench-first'));

  // The followers: case managers of the payor with the most patients.
  const [largest] = await db
    .selectFrom('patients')
    .select(['payor_key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('payor_key', 'is not', null)
    .groupBy('payor_key')
    .orderBy('n', 'desc')
    .limit(1)
    .execute();
  const payorKey = largest!.payor_key!;
  const patientKeys = (
    await db
      .selectFrom('patients')
      .select('patient_key')
      .where('payor_key', '=', payorKey)
      .orderBy('patient_key')
      .limit(Number(values.followers) * Number(values.favorites))
      .execute()
  ).map((row) => row.patient_key);
  const classifications = (
    await db.selectFrom('so_classifications').select('so_classification_key').execute()
  ).map((row) => row.so_classification_key);
  const now = Date.now();
  for (let index = 0; index < Number(values.followers); index += 1) {
    await db
      .insertInto('users')
      .values({
        email: `bench-follower-${index}@example.com`,
        username: `Bench follower ${index}`,
        password_hash: null,
        role: 'case_manager',
        payor_key: payorKey,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `bench-follower-${index}@example.com`)
      .executeTakeFirstOrThrow();
    const mine = patientKeys.slice(
      index * Number(values.favorites),
      (index + 1) * Number(values.favorites),
    );
    if (mine.length > 0) {
      await db
        .insertInto('user_favorites')
        .values(mine.map((key) => ({ user_id: user.id, patient_key: key, created_at: now })))
        .execute();
    }
    if (index === 0) {
      await db
        .insertInto('notification_settings')
        .values({
          user_id: user.id,
          settings: JSON.stringify({
            scope: 'payor',
            categories: classifications,
            waiting_days: 14,
            digest_time: '08:00',
            time_zone: 'UTC',
            kinds: {
              action_needed: { in_app: true, email: 'instant' },
              shipped: { in_app: true, email: 'instant' },
              delivered: { in_app: true, email: 'instant' },
              waiting: { in_app: true, email: 'digest' },
            },
          }),
          last_digest_day: null,
          updated_at: now,
        })
        .execute();
    }
  }

  await newVersion();
  const idle = await timed(() => scan('bench-idle'));

  const mutation = await mutateWarehouse({
    file: warehouseFile,
    ordersPercent: Number(values['orders-percent']),
  });
  const warehouse = await openDuckDbWarehouse(warehouseFile);
  const loader = await openLoader(url);
  const syncRun = await timed(() =>
    runGroupJob({ db, warehouse, loader, destinationLabel: 'bench' }, DEFAULT_FULL_SYNC_GROUP_ID),
  );
  await warehouse.close();
  await loader.close();
  const changed = await timed(() => scan('bench-changed'));
  const mails = await timed(() =>
    dispatchInstant(db, {
      now: Date.now(),
      appOrigin: 'https://portal.example.org',
      secret: 'bench-secret-bench-secret-bench-secret',
      timeZone: 'UTC',
    }),
  );

  const row = (label: string, ms: number, note = '') =>
    console.log(
      `${label.padEnd(44)} ${ms.toFixed(0).padStart(8)} ms  ${(ms / baseline.ms).toFixed(2).padStart(7)}x  ${note}`,
    );
  console.log(
    `database: ${url.split('://')[0] === url ? 'sqlite' : url.split('://')[0]}; worklist: ${orders} orders; followers: ${values.followers} × ${values.favorites} patients of ${payorKey} (one hears the whole payor)`,
  );
  row('baseline: read the compared worklist columns', baseline.ms);
  row('first scan (baseline snapshot)', first.ms);
  row('scan, new version, nothing changed', idle.ms, JSON.stringify(idle.result));
  console.log(
    `mutation: SALESORDERS ${JSON.stringify(mutation.tables.SALESORDERS)}; incremental sync ${(syncRun.ms / 1000).toFixed(1)} s (${syncRun.result.status})`,
  );
  row('scan after the sync', changed.ms, JSON.stringify(changed.result));
  row('instant mails for it', mails.ms, `${mails.result} mails`);
} finally {
  await database.destroy();
}
