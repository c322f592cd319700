import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES, type TSchedule } from '@portal/domain/data-sync-schedule-api';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { getJson, signInAs, type TAsUser } from './test-support';

const warehouseFile = useTestWarehouse({ patients: 20 });

type TList = { schedules: TSchedule[]; version: number };

/**
 * Schedules by id and the list's version (issue 31): a list saved whole over a colleague's
 * change is refused and nothing is lost; one schedule is edited or deleted by its id.
 */
describe.each(testDialects())('data-sync schedules by id [%s]', (dialect) => {
  const portal = useTestPortal(dialect, {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
  });
  let admin: TAsUser;
  let colleague: TAsUser;
  beforeAll(async () => {
    admin = await signInAs(portal().app, 'admin');
    colleague = await signInAs(portal().app, 'case_manager');
  });
  const list = () => getJson<TList>(admin, '/api/data-sync/schedules');
  const create = async (as: TAsUser, groupId: string, interval = 15) => {
    const response = await as({
      method: 'POST',
      url: '/api/data-sync/schedule',
      payload: { group_id: groupId, schedule: { interval } },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ schedule: TSchedule; version: number }>();
  };
  const saveList = (version: number | undefined, schedules: readonly TSchedule[]) =>
    admin({
      method: 'POST',
      url: '/api/data-sync/schedules',
      payload: {
        ...(version === undefined ? {} : { version }),
        schedules: schedules.map(({ id, group_id, schedule, enabled }) => ({
          id,
          group_id,
          schedule,
          enabled,
        })),
      },
    });
  const trail = async () =>
    (
      await portal()
        .database.db.selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'sync_schedule_save')
        .orderBy('id')
        .execute()
    ).map((row) => JSON.parse(row.detail ?? '{}') as Record<string, unknown>);

  it('refuses a list saved over a colleague’s schedule with 409, losing nothing', async () => {
    const mine = await create(admin, 'payors');
    const opened = await list();
    expect(opened.version).toBe(mine.version);
    // A colleague saves a schedule after the list was read.
    const theirs = await create(colleague, 'doctors', 30);
    expect(theirs.version).toBe(opened.version + 1);

    // The stale list (without their schedule) would delete it: refused, nothing written.
    const stale = await saveList(opened.version, opened.schedules.slice(0, 0));
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: string }>().error).toBe(SCHEDULE_MESSAGES.stale);
    const after = await list();
    expect(after.schedules.map((item) => item.id)).toEqual([mine.schedule.id, theirs.schedule.id]);
    expect(after.version).toBe(theirs.version);

    // Without a version a list is refused too: the spec's form now carries one.
    const unversioned = await saveList(undefined, []);
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json<{ error: string }>().error).toBe(
      `version: ${SCHEDULE_MESSAGES.versionRequired}`,
    );
    expect((await list()).schedules).toHaveLength(2);

    // Reloaded, the same delete-by-leaving-out goes through.
    const saved = await saveList(after.version, after.schedules.slice(1));
    expect(saved.statusCode).toBe(200);
    expect(saved.json<TList>()).toMatchObject({
      version: after.version + 1,
      schedules: [{ id: theirs.schedule.id, group_id: 'doctors' }],
    });
  });

  it('lets exactly one of two saves of the same version through', async () => {
    const opened = await list();
    const answers = await Promise.all([
      saveList(opened.version, opened.schedules),
      saveList(opened.version, opened.schedules),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await list()).version).toBe(opened.version + 1);
  });

  it('edits one schedule by id, leaving the others and answering the new version', async () => {
    const { schedules } = await list();
    const other = await create(colleague, 'payors', 45);
    const target = other.schedule;
    const response = await admin({
      method: 'PUT',
      url: `/api/data-sync/schedules/${target.id}`,
      payload: {
        group_id: 'payors',
        schedule: { interval: 2, interval_unit: 'hours' },
        enabled: false,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      version: other.version + 1,
      schedule: { id: target.id, enabled: false, next_run: null, schedule: { interval: 2 } },
    });
    const after = await list();
    expect(after.schedules.find((item) => item.id !== target.id)).toEqual(schedules[0]);
    expect((await trail()).at(-1)).toMatchObject({ schedule_id: target.id, created: false });

    const unknown = await admin({
      method: 'PUT',
      url: '/api/data-sync/schedules/no-such-schedule',
      payload: { group_id: 'payors' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await admin({
      method: 'PUT',
      url: `/api/data-sync/schedules/${target.id}`,
      payload: { group_id: 'payors', schedule: { interval: 5000 } },
    });
    expect(bad.statusCode).toBe(400);
    expect((await list()).version).toBe(after.version);
  });

  it('deletes one schedule by id; a second delete is a 404', async () => {
    const before = await list();
    const doomed = before.schedules.at(-1)!;
    const response = await colleague({
      method: 'DELETE',
      url: `/api/data-sync/schedules/${doomed.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      deleted: doomed.id,
      version: before.version + 1,
    });
    const after = await list();
    expect(after.schedules).toEqual(before.schedules.slice(0, -1));
    expect((await trail()).at(-1)).toMatchObject({ schedule_id: doomed.id, deleted: [doomed.id] });
    const again = await colleague({
      method: 'DELETE',
      url: `/api/data-sync/schedules/${doomed.id}`,
    });
    expect(again.statusCode).toBe(404);
    expect((await list()).version).toBe(after.version);
  });

  it.each(['customer_service', 'patient'] as const)(
    'refuses %s editing or deleting by id (403), changing nothing',
    async (role) => {
      const as = await signInAs(portal().app, role);
      const before = await list();
      const id = before.schedules[0]!.id;
      const put = await as({
        method: 'PUT',
        url: `/api/data-sync/schedules/${id}`,
        payload: { group_id: 'payors', enabled: false },
      });
      const remove = await as({ method: 'DELETE', url: `/api/data-sync/schedules/${id}` });
      expect([put.statusCode, remove.statusCode]).toEqual([403, 403]);
      expect(await list()).toEqual(before);
    },
  );
});
