import { beforeAll, describe, expect, it } from 'vitest';
import type { TSchedule } from '@portal/domain/data-sync-schedule-api';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { createJob, finishJob } from '../../sync/jobs';
import { ALERT_WINDOW_MS } from './alerts';
import { getJson, goodMapping, signInAs } from './test-support';

const warehouseFile = useTestWarehouse({ patients: 20 });
// 30 seconds past a minute: a schedule every minute is next due at 10:01:00.
const START = Date.parse('2025-06-10T10:00:30Z');
const MINUTE = 60_000;
const GROUP = 'alerting';
// Loaded afresh each time, so a second good run does not trip over the first one's rows.
const okMapping = { ...goodMapping, truncate_first: true };
const badMapping = { ...okMapping, query: 'SELECT PAYORKEY AS payor_key FROM NO_SUCH_TABLE' };

/**
 * What a scheduled slot leaves behind (issue 31): a slot skipped because its group was
 * still running is a 'skipped' job with why; a failed or partial run mails the admins
 * once per failing group, until a run of the group succeeds.
 */
describe.each(testDialects())('scheduled slots: skips and failure alerts [%s]', (dialect) => {
  const clock = testClock(START);
  const portal = useTestPortal(
    dialect,
    {
      get WAREHOUSE_URL() {
        return warehouseFile();
      },
      SCHEDULER_TICK_MS: '0',
    },
    { clock: clock.now },
  );
  let scheduleId: string;
  const db = () => portal().database.db;
  const setMapping = (...mappings: object[]) =>
    db()
      .updateTable('sync_groups')
      .set({ mappings: JSON.stringify(mappings) })
      .where('id', '=', GROUP)
      .execute();
  /** The next slot falls due and one process ticks; its run ends; the next tick looks at it. */
  const runSlot = async () => {
    const { scheduler } = portal().app.dataSync;
    clock.advance(MINUTE);
    const result = await scheduler.tick();
    await portal().app.dataSync.idle();
    await scheduler.tick();
    return result;
  };
  const alerts = () =>
    db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('subject', 'like', 'Scheduled sync %')
      .orderBy('id')
      .execute();
  const adminEmails = async () =>
    (
      await db()
        .selectFrom('users')
        .select('email')
        .where('role', '=', 'admin')
        .where('is_active', '=', 1)
        .execute()
    )
      .map((row) => row.email)
      .sort();
  const alertRow = () =>
    db().selectFrom('sync_alerts').selectAll().where('group_id', '=', GROUP).executeTakeFirst();

  beforeAll(async () => {
    await db()
      .insertInto('sync_groups')
      .values({
        id: GROUP,
        name: 'Alerting group',
        mappings: JSON.stringify([badMapping]),
        created_at: START,
        updated_at: START,
        running_job_id: null,
      })
      .execute();
    const admin = await signInAs(portal().app, 'admin');
    await signInAs(portal().app, 'admin');
    const response = await admin({
      method: 'POST',
      url: '/api/data-sync/schedule',
      payload: { group_id: GROUP, schedule: { interval: 1 } },
    });
    scheduleId = response.json<{ schedule: TSchedule }>().schedule.id;
  });

  it('writes a skipped slot in the job history, with why, and mails nobody', async () => {
    // A run of the group still going (in this process) when the slot falls due.
    const running = await createJob(db(), {
      type: 'group',
      source: 'duckdb:test',
      destination: dialect,
      groupId: GROUP,
    });
    await db()
      .updateTable('sync_groups')
      .set({ running_job_id: running })
      .where('id', '=', GROUP)
      .execute();
    const result = await runSlot();
    expect(result).toEqual({ started: [], skipped: [scheduleId] });
    await finishJob(db(), running, { status: 'completed' });
    await db().updateTable('sync_groups').set({ running_job_id: null }).execute();

    const viewer = await signInAs(portal().app, 'case_manager');
    const history = await getJson<{ jobs: { id: string; status: string }[] }>(
      viewer,
      '/api/data-sync/jobs',
    );
    const skipped = history.jobs.filter((job) => job.status === 'skipped');
    expect(skipped).toHaveLength(1);
    const logs = await getJson<{ data: { logs: { level: string; message: string }[] } }>(
      viewer,
      `/api/data-sync/jobs/${skipped[0]!.id}/logs`,
    );
    expect(logs.data.logs).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: `Skipped: Alerting group was still running (job ${running})`,
      }),
    ]);
    const schedule = await db()
      .selectFrom('sync_schedules')
      .select(['last_job_id', 'last_result'])
      .where('id', '=', scheduleId)
      .executeTakeFirstOrThrow();
    expect(schedule.last_job_id).toBe(skipped[0]!.id);
    expect(schedule.last_result).toMatch(/^skipped: /);
    expect(await alerts()).toEqual([]);
  });

  it('mails every active admin once when a scheduled run fails, naming group, category and job', async () => {
    const { started } = await runSlot();
    expect(started).toHaveLength(1);
    const [jobId] = started;
    const failedChild = await db()
      .selectFrom('sync_jobs')
      .select('error_category')
      .where('parent_id', '=', jobId!)
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow();
    const mails = await alerts();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(await adminEmails());
    const { appOrigin } = portal().config;
    for (const mail of mails) {
      expect(mail.subject).toBe('Scheduled sync failed: Alerting group');
      expect(mail.text_body).toContain(`Error category: ${failedChild.error_category}`);
      expect(mail.text_body).toContain(`${appOrigin}/data-sync?job=${jobId}`);
    }
    expect(await alertRow()).toMatchObject({ job_id: jobId, failures: 1, resolved_at: null });
  });

  it('groups repeated failures of the group under the open alert: no new mail', async () => {
    const before = (await alerts()).length;
    await runSlot();
    const { started } = await runSlot();
    expect(await alerts()).toHaveLength(before);
    expect(await alertRow()).toMatchObject({
      failures: 3,
      last_job_id: started[0],
      resolved_at: null,
    });
    // Each ended run was looked at exactly once, however often the scheduler ticks.
    await portal().app.dataSync.scheduler.tick();
    expect((await alertRow())?.failures).toBe(3);
  });

  it('resolves on a successful run, and mails again for a failure after the window', async () => {
    const before = (await alerts()).length;
    await setMapping(okMapping);
    await runSlot();
    expect((await alertRow())?.resolved_at).toEqual(expect.any(Number));

    // A failure right after the success (a flapping group) is grouped under the last mail.
    await setMapping(badMapping);
    await runSlot();
    expect(await alerts()).toHaveLength(before);
    expect(await alertRow()).toMatchObject({ failures: 1, resolved_at: null });

    await setMapping(okMapping);
    await runSlot();
    clock.advance(ALERT_WINDOW_MS);
    // One mapping loads, one fails: the run ends partial, and that is news too.
    await setMapping(okMapping, badMapping);
    const { started } = await runSlot();
    const mails = await alerts();
    expect(mails).toHaveLength(before + (await adminEmails()).length);
    expect(mails.at(-1)).toMatchObject({
      subject: 'Scheduled sync ended partial: Alerting group',
      text_body: expect.stringContaining(`data-sync?job=${started[0]}`) as string,
    });
  });
});
