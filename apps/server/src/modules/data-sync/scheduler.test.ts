import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSchedule, TSchedulerStatus } from '@portal/domain/data-sync-schedule-api';
import { buildApp } from '../../app';
import { loadConfig, type TConfig } from '../../config';
import { createDatabase, type TDialect, type TPortalDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { loadOrCreateSecrets, type TSecrets } from '../../lib/secrets';
import { testClock } from '../../test/clock';
import { createTestDatabase, testDialects } from '../../test/databases';
import { useTestWarehouse } from '../../test/warehouse';
import { createJob, currentRunner } from '../../sync/jobs';
import { getJson, signInAs, type TAsUser } from './test-support';

const warehouseFile = useTestWarehouse({ patients: 40 });
// 30 seconds past a minute: a schedule every minute is next due at 10:01:00.
const START = Date.parse('2025-06-10T10:00:30Z');
const MINUTE = 60_000;
const GROUP = 'so_classifications';

/**
 * Portal processes sharing one database: each its own app and connection pool, all on
 * one controlled clock, no scheduler timer (the tests tick). A "restart" builds another.
 */
const usePortals = (dialect: TDialect) => {
  const clock = testClock(START);
  const state: {
    apps: FastifyInstance[];
    databases: TPortalDatabase[];
    config?: TConfig;
    secrets?: TSecrets;
  } = { apps: [], databases: [] };
  const cleanup: (() => Promise<void>)[] = [];
  const start = async () => {
    const database = createDatabase(state.config!.databaseUrl);
    cleanup.unshift(() => database.destroy());
    const app = await buildApp({
      config: state.config!,
      secrets: state.secrets!,
      database,
      logger: false,
      clock: clock.now,
    });
    cleanup.unshift(() => app.close());
    await app.ready();
    state.apps.push(app);
    state.databases.push(database);
    return app;
  };
  beforeAll(async () => {
    const test = await createTestDatabase(dialect, { migrated: true });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-scheduler-'));
    cleanup.push(test.drop, () => rm(dataDir, { recursive: true, force: true }));
    state.config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: test.url,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'silent',
      WAREHOUSE_URL: warehouseFile(),
      SCHEDULER_TICK_MS: '0',
    });
    state.secrets = await loadOrCreateSecrets(dataDir);
    const first = createDatabase(state.config.databaseUrl);
    await migrateToLatest(first.db);
    await first.destroy();
    await start();
    await start();
  }, 60_000);
  afterAll(async () => {
    for (const step of cleanup) {
      await step();
    }
  }, 60_000);
  return { clock, state, start };
};

describe.each(testDialects())('sync scheduler across processes [%s]', (dialect) => {
  const { clock, state, start } = usePortals(dialect);
  let admin: TAsUser;
  let scheduleId: string;
  const apps = () => state.apps.slice(-2);
  const db = () => state.databases[0]!.db;
  /** Every live process ticks at once; then their runs are left to finish. */
  const tickAll = async () => {
    const results = await Promise.all(apps().map((app) => app.dataSync.scheduler.tick()));
    await Promise.all(apps().map((app) => app.dataSync.idle()));
    return results.flatMap((result) => result.started);
  };
  const scheduledJobs = async () =>
    db()
      .selectFrom('sync_jobs')
      .select(['id', 'status', 'error_message'])
      .where('schedule_id', '=', scheduleId)
      .where('type', '=', 'group')
      .orderBy('start_time')
      .execute();

  beforeAll(async () => {
    admin = await signInAs(state.apps[0]!, 'admin');
  });

  it('saves a schedule every minute and shows it in the status of every process', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/data-sync/schedule',
      payload: { group_id: GROUP, schedule: { interval: 1 } },
    });
    expect(response.statusCode).toBe(200);
    const { schedule } = response.json<{ schedule: TSchedule }>();
    scheduleId = schedule.id;
    expect(schedule).toMatchObject({
      group_id: GROUP,
      group_name: 'SO classifications',
      enabled: true,
      next_run: '2025-06-10T10:01:00.000Z',
      schedule: { interval: 1, interval_unit: 'minutes', start_time: '00:00', end_time: '23:59' },
    });
    const other = await signInAs(state.apps[1]!, 'case_manager');
    const status = await getJson<TSchedulerStatus>(other, '/api/data-sync/scheduler/status');
    expect(status).toMatchObject({
      running: true,
      status: 'running',
      scheduled_jobs: 1,
      timezone: 'UTC',
      error: null,
      next_scheduled_runs: [
        {
          schedule_id: scheduleId,
          group_name: 'SO classifications',
          next_run: '2025-06-10T10:01:00.000Z',
          interval: 'Every minute, 00:00-23:59, every day',
        },
      ],
    });
  });

  it('starts each due run exactly once, whichever process ticks', async () => {
    expect(await tickAll()).toEqual([]);
    for (let slot = 1; slot <= 3; slot += 1) {
      clock.advance(MINUTE);
      const started = await tickAll();
      expect(started).toHaveLength(1);
      // Ticking again in the same minute finds the slot taken.
      expect(await tickAll()).toEqual([]);
      const jobs = await scheduledJobs();
      expect(jobs).toHaveLength(slot);
      expect(jobs.at(-1)).toMatchObject({ id: started[0], status: 'completed' });
    }
    // Each start is in the audit trail once, with its schedule and no user or IP.
    const audited = await db()
      .selectFrom('audit_log')
      .select(['user_id', 'ip', 'outcome', 'detail'])
      .where('action', '=', 'sync_start')
      .orderBy('id')
      .execute();
    const jobIds = (await scheduledJobs()).map((job) => job.id);
    expect(audited.map((row) => JSON.parse(row.detail ?? '{}') as unknown)).toEqual(
      jobIds.map((jobId) => ({
        group_id: GROUP,
        job_id: jobId,
        schedule_id: scheduleId,
        triggered_by: 'scheduler',
        retry_settings: { max_retries: 3, retry_delay: 300 },
      })),
    );
    expect(audited.every((row) => row.user_id === null && row.ip === null)).toBe(true);
    expect(audited.every((row) => row.outcome === 'allowed')).toBe(true);
  });

  it('runs once at the next start for every slot missed while all processes were down', async () => {
    const before = (await scheduledJobs()).length;
    // Ten slots pass with no process ticking; then a process starts.
    clock.advance(10 * MINUTE + 15_000);
    const restarted = await start();
    const started = await restarted.dataSync.scheduler.tick();
    await restarted.dataSync.idle();
    expect(started.started).toHaveLength(1);
    expect(await tickAll()).toEqual([]);
    expect(await scheduledJobs()).toHaveLength(before + 1);
    const row = await db()
      .selectFrom('sync_schedules')
      .select('next_run_at')
      .where('id', '=', scheduleId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.next_run_at!).toISOString()).toBe(
      new Date(Math.ceil(clock.now() / MINUTE) * MINUTE).toISOString(),
    );
  });

  it('fails the job a killed process left running, and goes on scheduling', async () => {
    // A run of the group by a process that no longer exists, still holding the group.
    const [host] = currentRunner().split(':');
    const orphan = await createJob(db(), {
      type: 'group',
      source: 'duckdb:test',
      destination: dialect,
      groupId: GROUP,
      scheduleId,
      runner: `${host}:2147483646`,
    });
    await db()
      .updateTable('sync_groups')
      .set({ running_job_id: orphan })
      .where('id', '=', GROUP)
      .execute();
    const restarted = await start();
    const failed = await getJson<{ data: { status: string; error: { message: string } } }>(
      admin,
      `/api/data-sync/jobs/${orphan}`,
    );
    expect(failed.data.status).toBe('failed');
    expect(failed.data.error.message).toMatch(/interrupted/);
    clock.advance(MINUTE);
    const started = await restarted.dataSync.scheduler.tick();
    await restarted.dataSync.idle();
    expect(started.started).toHaveLength(1);
    expect((await scheduledJobs()).at(-1)).toMatchObject({
      id: started.started[0],
      status: 'completed',
    });
  });

  it('stops and starts for every process; a start plans from now instead of catching up', async () => {
    const [first, second] = apps();
    const stop = await admin({
      method: 'POST',
      url: '/api/data-sync/scheduler/control',
      payload: { action: 'stop' },
    });
    expect(stop.json()).toMatchObject({
      success: true,
      message: 'Scheduler stopped',
      running: false,
    });
    const before = (await scheduledJobs()).length;
    clock.advance(5 * MINUTE);
    expect(await tickAll()).toEqual([]);
    const viewer = await signInAs(second!, 'admin');
    const stopped = await getJson<TSchedulerStatus>(viewer, '/api/data-sync/scheduler/status');
    expect(stopped).toMatchObject({ running: false, status: 'stopped', uptime: 0 });
    expect(stopped.next_scheduled_runs).toEqual([]);

    const again = await viewer({
      method: 'POST',
      url: '/api/data-sync/scheduler/control',
      payload: { action: 'start' },
    });
    expect(again.json()).toMatchObject({ message: 'Scheduler started', running: true });
    expect(await tickAll()).toEqual([]);
    clock.advance(MINUTE);
    expect(await tickAll()).toHaveLength(1);
    expect(await scheduledJobs()).toHaveLength(before + 1);
    clock.advance(90_000);
    // A fresh session: the clock has moved past the first one's access token.
    const later = await signInAs(first!, 'admin');
    const status = await getJson<TSchedulerStatus>(later, '/api/data-sync/scheduler/status');
    expect(status.uptime).toBe(150);
    const trail = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'sync_scheduler_control')
      .execute();
    expect(trail.map((row) => JSON.parse(row.detail ?? '{}') as { action: string })).toEqual([
      { action: 'stop', changed: true },
      { action: 'start', changed: true },
    ]);
  });
});
