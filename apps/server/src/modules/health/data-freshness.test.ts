import { describe, expect, it } from 'vitest';
import { SYNC_GRACE_MINUTES, type TDataFreshnessResponse } from '@portal/domain/data-freshness';
import { DEFAULT_SCHEDULE, GROUP_SCHEDULE_DEFAULT } from '@portal/domain/data-sync-schedule-api';
import { testDialects } from '../../test/databases';
import { createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';

const HOUR = 60 * 60_000;

describe.each(testDialects())('GET /api/data-freshness [%s]', (dialect) => {
  const portal = useTestPortal(dialect);
  let jar: TJar | undefined;

  const freshness = async () => {
    const { app, database } = portal();
    if (!jar) {
      await createTestUser(database.db, { email: 'fresh@example.com', role: 'customer_service' });
      jar = (await signIn(app, { email: 'fresh@example.com' })).jar;
    }
    const response = await app.inject(
      withSession(jar, { method: 'GET', url: '/api/data-freshness' }),
    );
    expect(response.statusCode).toBe(200);
    return response.json<TDataFreshnessResponse>();
  };

  const job = (id: string, table: string, status: string, endTime: number) => ({
    id,
    type: 'mapping',
    status,
    source: 'test',
    destination: `test.${table}`,
    mysql_table: table,
    start_time: endTime - 1000,
    end_time: endTime,
  });

  const group = (id: string, table: string) => ({
    id,
    name: id,
    mappings: JSON.stringify([{ mysql_table: table, type: 'snowpark_dataframe' }]),
    created_at: 1,
    updated_at: 1,
    running_job_id: null,
  });

  const schedule = (id: string, groupId: string, spec: object, enabled = 1) => ({
    id,
    group_id: groupId,
    schedule: JSON.stringify(spec),
    enabled,
    // Never due: the scheduler of the test portal must not start these.
    next_run_at: null,
    last_run_at: null,
    last_job_id: null,
    last_result: null,
    created_at: 1,
    updated_at: 1,
  });

  it('needs a session', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/data-freshness' });
    expect(response.statusCode).toBe(401);
  });

  it('says never synced, and late, before the first sync', async () => {
    expect(await freshness()).toEqual({
      success: true,
      orders_synced_at: null,
      max_age_minutes: 1440,
      scheduled: false,
      stale: true,
    });
  });

  it('reports the newest completed load of the orders table, a day allowed without a schedule', async () => {
    const { db } = portal().database;
    const now = Date.now();
    const ordersSynced = now - 2 * HOUR;
    await db
      .insertInto('sync_jobs')
      .values([
        job('orders-old', 'orders', 'completed', now - 30 * HOUR),
        job('orders-done', 'orders', 'completed', ordersSynced),
        // Neither a failed load of orders nor another table's newer load says orders are fresh.
        job('orders-failed', 'orders', 'failed', now - HOUR),
        job('patients-done', 'patients', 'completed', now - 1000),
      ])
      .execute();
    const response = await portal().app.inject(
      withSession(jar ?? {}, { method: 'GET', url: '/api/data-freshness' }),
    );
    expect(response.headers['cache-control']).toContain('no-store');
    expect(await freshness()).toEqual({
      success: true,
      orders_synced_at: new Date(ordersSynced).toISOString(),
      max_age_minutes: 1440,
      scheduled: false,
      stale: false,
    });
  });

  it('holds the data to the tightest running schedule that loads orders', async () => {
    const { db } = portal().database;
    await db
      .insertInto('sync_groups')
      .values([group('fresh-orders', 'orders'), group('fresh-doctors', 'doctors')])
      .execute();
    await db
      .insertInto('sync_schedules')
      .values([
        schedule('s-orders-daily', 'fresh-orders', GROUP_SCHEDULE_DEFAULT),
        schedule('s-orders-15', 'fresh-orders', DEFAULT_SCHEDULE),
        // Not orders, or switched off: they set no expectation.
        schedule('s-doctors', 'fresh-doctors', { ...DEFAULT_SCHEDULE, interval: 5 }),
        schedule('s-off', 'fresh-orders', { ...DEFAULT_SCHEDULE, interval: 1 }, 0),
      ])
      .execute();
    // Two hours old against a 15-minute schedule is late.
    expect(await freshness()).toMatchObject({
      max_age_minutes: 15 + SYNC_GRACE_MINUTES,
      scheduled: true,
      stale: true,
    });

    await db
      .updateTable('sync_schedules')
      .set({ enabled: 0 })
      .where('id', '=', 's-orders-15')
      .execute();
    // Mon, Wed and Fri at midnight: up to three days between runs.
    expect(await freshness()).toMatchObject({
      max_age_minutes: 3 * 1440 + SYNC_GRACE_MINUTES,
      scheduled: true,
      stale: false,
    });
  });

  it('expects nothing of a stopped scheduler', async () => {
    const { db } = portal().database;
    await db.deleteFrom('sync_scheduler').execute();
    await db
      .insertInto('sync_scheduler')
      .values({
        id: 'scheduler',
        running: 0,
        started_at: null,
        stopped_at: 1,
        changed_by: null,
        error: null,
      })
      .execute();
    expect(await freshness()).toMatchObject({ max_age_minutes: 1440, scheduled: false });
  });
});
