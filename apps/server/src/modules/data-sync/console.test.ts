import { beforeAll, describe, expect, it } from 'vitest';
import type { TSchedule } from '@portal/domain/data-sync-schedule-api';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { MAPPING_MESSAGES, type TSyncGroup } from '@portal/domain/sync-mapping';
import type { TRole } from '@portal/domain/roles';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { EVERY_CALL, getJson, goodMapping, signInAs, type TAsUser } from './test-support';

const warehouseFile = useTestWarehouse({ patients: 40 });

describe.each(testDialects())('data-sync console API [%s]', (dialect) => {
  const portal = useTestPortal(dialect, {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
    API_DOCS: 'true',
  });
  let admin: TAsUser;
  beforeAll(async () => {
    admin = await signInAs(portal().app, 'admin');
  });
  const post = (url: string, payload: object) => admin({ method: 'POST', url, payload });
  const jobCount = async () =>
    Number(
      (
        await portal()
          .database.db.selectFrom('sync_jobs')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(['customer_service', 'patient', 'case_manager_admin'] satisfies TRole[])(
    'answers 403 to %s on every call, changing nothing',
    async (role) => {
      const as = await signInAs(portal().app, role);
      for (const call of EVERY_CALL) {
        const response = await as(call);
        expect([call.url, response.statusCode]).toEqual([call.url, 403]);
      }
      expect(await jobCount()).toBe(0);
    },
  );

  it('documents every call in the OpenAPI document', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    const documented = new Set(paths.filter((item) => item.startsWith('/api/data-sync/')));
    const called = new Set(
      EVERY_CALL.map((call) =>
        call.url
          .replace(/\?.*$/, '')
          .replace(/\/jobs\/x/, '/jobs/{id}')
          .replace(/\/sync-groups\/mine/, '/sync-groups/{id}')
          .replace(/\/schedules\/x/, '/schedules/{id}'),
      ),
    );
    expect([...documented].sort()).toEqual([...called].sort());
  });

  it('answers 401 without a session', async () => {
    for (const call of EVERY_CALL) {
      expect((await portal().app.inject(call)).statusCode).toBe(401);
    }
  });

  it('lets a case manager read and run', async () => {
    const manager = await signInAs(portal().app, 'case_manager');
    const groups = await getJson<{ groups: TSyncGroup[] }>(manager, '/api/data-sync/sync-groups');
    expect(groups.groups.map((group) => group.id)).toContain(DEFAULT_FULL_SYNC_GROUP_ID);
    const started = await manager({
      method: 'POST',
      url: '/api/data-sync/force-sync',
      payload: { group_id: 'payors', retry_settings: { max_retries: 0, retry_delay: 0 } },
    });
    expect(started.statusCode).toBe(200);
    await portal().app.dataSync.idle();
    const trail = await portal()
      .database.db.selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'sync_start')
      .execute();
    expect(JSON.parse(trail[0]!.detail!)).toMatchObject({
      group_id: 'payors',
      job_id: started.json<{ job_id: string }>().job_id,
      retry_settings: { max_retries: 0, retry_delay: 0 },
    });
  });

  it('lists groups with their mappings, default ones flagged, and every mapping', async () => {
    const { groups } = await getJson<{ groups: TSyncGroup[] }>(admin, '/api/data-sync/sync-groups');
    const full = groups.find((group) => group.id === DEFAULT_FULL_SYNC_GROUP_ID)!;
    expect(full).toMatchObject({ name: 'Full sync', isDefault: true });
    const { mappings } = await getJson<{ mappings: { group_id: string; mapping: unknown }[] }>(
      admin,
      '/api/data-sync/mappings',
    );
    expect(mappings.filter((item) => item.group_id === full.id)).toHaveLength(full.mappings.length);
  });

  it.each([
    [{ type: 'sql_query', query: 'select 1' }, MAPPING_MESSAGES.tableRequired],
    [{ mysql_table: 'payors' }, MAPPING_MESSAGES.typeRequired],
    [
      { mysql_table: 'payors', type: 'snowpark_dataframe', operations: 'x' },
      MAPPING_MESSAGES.operationsArray,
    ],
    [
      { mysql_table: 'payors', type: 'snowpark_dataframe', operations: [] },
      MAPPING_MESSAGES.operationsEmpty,
    ],
    [
      {
        mysql_table: 'payors',
        type: 'snowpark_dataframe',
        operations: [{ type: 'filter', condition: 'X = 1' }],
      },
      MAPPING_MESSAGES.baseTableRequired,
    ],
    [{ mysql_table: 'payors', type: 'raw_query', query: ' ' }, MAPPING_MESSAGES.queryRequired],
    [{ mysql_table: 'payors', type: 'python' }, 'Unsupported mapping type: python'],
  ])('refuses a group whose mapping is %j with the spec message', async (mapping, message) => {
    const response = await post('/api/data-sync/sync-groups', {
      group: { id: 'planted', name: 'Planted', mappings: [goodMapping, mapping] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(
      new RegExp(`^Mapping 2( \\(payors\\))?: ${message.replace(/[.()]/g, '\\$&')}$`),
    );
    const { groups } = await getJson<{ groups: TSyncGroup[] }>(admin, '/api/data-sync/sync-groups');
    expect(groups.some((group) => group.id === 'planted')).toBe(false);
  });

  it("refuses ad-hoc runs with the spec's messages and starts nothing", async () => {
    const before = await jobCount();
    const cases: [string, object, string][] = [
      [
        '/api/data-sync/snowpark/enhanced-dataframe-operations',
        { mysql_table: 'payors', operations: 'x' },
        MAPPING_MESSAGES.operationsArray,
      ],
      [
        '/api/data-sync/snowpark/enhanced-dataframe-operations',
        { mysql_table: 'payors', operations: [] },
        MAPPING_MESSAGES.operationsEmpty,
      ],
      [
        '/api/data-sync/snowpark/enhanced-dataframe-operations',
        { mysql_table: 'payors', operations: [{ type: 'base_table', table: ' ' }] },
        MAPPING_MESSAGES.baseTableRequired,
      ],
      [
        '/api/data-sync/snowpark/sync-query',
        { mysql_table: 'payors', query: '' },
        MAPPING_MESSAGES.queryRequired,
      ],
      ['/api/data-sync/snowpark/sync-query', { query: 'select 1' }, MAPPING_MESSAGES.tableRequired],
      [
        '/api/data-sync/snowpark/sync-query',
        { mysql_table: 'payors', query: 'select 1', use_upsert: true },
        MAPPING_MESSAGES.keyColumnsRequired,
      ],
    ];
    for (const [url, payload, message] of cases) {
      const response = await post(url, payload);
      expect([url, response.statusCode, response.json<{ error: string }>().error]).toEqual([
        url,
        400,
        message,
      ]);
    }
    expect(await jobCount()).toBe(before);
  });

  it('creates, edits and deletes a group of its own; default groups keep their name and stay', async () => {
    const created = await post('/api/data-sync/sync-groups', {
      group: { id: 'mine', name: 'Mine', description: 'Payor keys', mappings: [goodMapping] },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json<{ group: TSyncGroup }>().group).toMatchObject({
      id: 'mine',
      isDefault: false,
      mappings: [{ ...goodMapping, truncate_first: false, use_upsert: false, key_columns: [] }],
    });
    const edited = await post('/api/data-sync/sync-groups', {
      group: {
        id: 'mine',
        name: 'Mine, renamed',
        mappings: [{ ...goodMapping, truncate_first: true }],
      },
    });
    expect(edited.json<{ group: TSyncGroup }>().group).toMatchObject({
      name: 'Mine, renamed',
      mappings: [{ truncate_first: true }],
    });

    const payors = (
      await getJson<{ groups: TSyncGroup[] }>(admin, '/api/data-sync/sync-groups')
    ).groups.find((group) => group.id === 'payors')!;
    const renamed = await post('/api/data-sync/sync-groups', {
      group: { ...payors, name: 'Something else' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json<{ error: string }>().error).toBe('Default groups cannot be renamed');
    // Fixing a default group's mappings (the case fixer's Apply Fixes) is allowed.
    const fixed = await post('/api/data-sync/sync-groups', {
      group: { ...payors, mappings: payors.mappings.map((m) => ({ ...m, truncate_first: true })) },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json<{ group: TSyncGroup }>().group.isDefault).toBe(true);

    const refused = await admin({ method: 'DELETE', url: '/api/data-sync/sync-groups/payors' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe('Default groups cannot be deleted');
    const deleted = await admin({ method: 'DELETE', url: '/api/data-sync/sync-groups/mine' });
    expect(deleted.statusCode).toBe(200);
    const gone = await admin({ method: 'DELETE', url: '/api/data-sync/sync-groups/mine' });
    expect(gone.statusCode).toBe(404);
    const trail = await portal()
      .database.db.selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'sync_group_save')
      .execute();
    expect(trail).toHaveLength(4);
  });

  it('refuses a group without mappings at start, and an unknown group', async () => {
    await post('/api/data-sync/sync-groups', {
      group: { id: 'empty', name: 'Empty', mappings: [] },
    });
    const empty = await post('/api/data-sync/force-sync', { group_id: 'empty' });
    expect([empty.statusCode, empty.json<{ error: string }>().error]).toEqual([
      400,
      'No mappings found in this group',
    ]);
    expect((await post('/api/data-sync/force-sync', { group_id: 'nope' })).statusCode).toBe(404);
  });

  it('saves, lists, edits and deletes schedules; bad ones get a 400 naming the field', async () => {
    const first = await post('/api/data-sync/schedule', { group_id: 'payors' });
    expect(first.statusCode).toBe(200);
    const created = first.json<{ schedule: TSchedule }>().schedule;
    expect(created.schedule).toEqual({
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      interval: 15,
      interval_unit: 'minutes',
      start_time: '00:00',
      end_time: '23:59',
      time: '00:00',
      hours: 0,
      minutes: 0,
    });
    const edited = await post('/api/data-sync/schedule', {
      id: created.id,
      group_id: 'payors',
      schedule: { interval_unit: 'daily', time: '00:00', days: ['mon', 'wed', 'fri'] },
      enabled: false,
    });
    expect(edited.json<{ schedule: TSchedule }>().schedule).toMatchObject({
      id: created.id,
      enabled: false,
      next_run: null,
    });

    for (const [payload, field] of [
      [{ group_id: 'payors', schedule: { interval: 0 } }, 'schedule/interval'],
      [{ group_id: 'payors', schedule: { interval: 1441 } }, 'schedule/interval'],
      [
        { group_id: 'payors', schedule: { interval: 25, interval_unit: 'hours' } },
        'schedule/interval',
      ],
      [{ group_id: 'payors', schedule: { start_time: '25:00' } }, 'schedule/start_time'],
      [{ group_id: '' }, 'group_id'],
    ] as const) {
      const response = await post('/api/data-sync/schedule', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error.startsWith(`${field}: `)).toBe(true);
    }
    expect((await post('/api/data-sync/schedule', { group_id: 'no_such_group' })).statusCode).toBe(
      404,
    );
    expect(
      (await post('/api/data-sync/schedule', { id: 'missing', group_id: 'payors' })).statusCode,
    ).toBe(404);

    // The list replaced whole, at the version read: keep the first, add one; then delete
    // by leaving it out.
    const read = await getJson<{ version: number }>(admin, '/api/data-sync/schedules');
    const replaced = await post('/api/data-sync/schedules', {
      version: read.version,
      schedules: [
        { id: created.id, group_id: 'payors', schedule: { interval: 30 }, enabled: true },
        { group_id: DEFAULT_FULL_SYNC_GROUP_ID, schedule: { interval: 2, interval_unit: 'hours' } },
      ],
    });
    expect(replaced.statusCode).toBe(200);
    const listed = await getJson<{ schedules: TSchedule[]; version: number }>(
      admin,
      '/api/data-sync/schedules',
    );
    expect(listed.version).toBe(read.version + 1);
    expect(listed.schedules.map((item) => [item.group_id, item.schedule.interval])).toEqual([
      ['payors', 30],
      [DEFAULT_FULL_SYNC_GROUP_ID, 2],
    ]);
    const bad = await post('/api/data-sync/schedules', {
      version: listed.version,
      schedules: [{ id: created.id, group_id: 'payors', schedule: { interval: 5000 } }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/^schedules\/0\/schedule\/interval: /);
    const afterDelete = await post('/api/data-sync/schedules', {
      version: listed.version,
      schedules: [listed.schedules[1]],
    });
    expect(afterDelete.json<{ schedules: TSchedule[] }>().schedules.map((item) => item.id)).toEqual(
      [listed.schedules[1]!.id],
    );
    const trail = await portal()
      .database.db.selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'sync_schedule_save')
      .execute();
    expect(trail).toHaveLength(4);
  });
});
