import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { destinationRefused } from '@portal/domain/sync-destinations';
import { MAPPING_MESSAGES } from '@portal/domain/sync-mapping';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { saveGroup } from './repository';
import { getJson, runGroup, signInAs, type TAsUser } from './test-support';

/**
 * Issue 28: the console as a hostile case manager (or a careless admin) would use it.
 * Every attack is refused with a 400 or 403 and leaves the portal's tables and the
 * data dir's files as they were.
 */

const warehouseFile = useTestWarehouse({ patients: 40 });

type TJobDetail = TSyncJob & { logs: { level: string; message: string }[]; children: TSyncJob[] };

const promote = (email: string) =>
  `SELECT '${email}' AS email, 'x' AS username, 'admin' AS role, 'h' AS password_hash`;

describe.each(testDialects())('data-sync console security [%s]', (dialect) => {
  const portal = useTestPortal(dialect, {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
  });
  let admin: TAsUser;
  let manager: TAsUser;
  beforeAll(async () => {
    admin = await signInAs(portal().app, 'admin');
    manager = await signInAs(portal().app, 'case_manager');
  });

  /** What an attack must leave as it was: accounts, sessions, documents, ERP rows, files. */
  const snapshot = async () => {
    const { db } = portal().database;
    const count = async (table: string) =>
      Number(
        (
          await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(
            db,
          )
        ).rows[0]?.n,
      );
    return {
      users: await db
        .selectFrom('users')
        .select(['id', 'email', 'role', 'password_hash'])
        .orderBy('id')
        .execute(),
      sessions: await count('sessions'),
      adminDocuments: await count('admin_documents'),
      payors: await count('payors'),
      patients: await count('patients'),
      files: (await readdir(portal().config.dataDir, { recursive: true })).sort(),
    };
  };
  const auditRows = async () =>
    Number(
      (
        await portal()
          .database.db.selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const jobs = async () =>
    portal().database.db.selectFrom('sync_jobs').select(['id', 'status']).execute();
  const job = (as: TAsUser, id: string) =>
    getJson<{ data: TJobDetail }>(as, `/api/data-sync/jobs/${id}`).then((body) => body.data);

  const syncQuery = (as: TAsUser, payload: object) =>
    as({ method: 'POST', url: '/api/data-sync/snowpark/sync-query', payload });
  const dataframe = (as: TAsUser, payload: object) =>
    as({ method: 'POST', url: '/api/data-sync/snowpark/enhanced-dataframe-operations', payload });

  it('refuses a case manager every way to write SQL, and creates no admin', async () => {
    const before = await snapshot();
    const jobsBefore = await jobs();
    const attacks = [
      syncQuery(manager, { query: promote('evil@example.com'), mysql_table: 'users' }),
      syncQuery(manager, {
        query: promote('me@example.com'),
        mysql_table: 'users',
        use_upsert: true,
        key_columns: ['email'],
      }),
      syncQuery(manager, { query: 'SELECT 1 AS payor_key', mysql_table: 'payors' }),
      dataframe(manager, {
        mysql_table: 'payors',
        operations: [{ type: 'base_table', table: 'PAYORS' }],
      }),
      manager({
        method: 'POST',
        url: '/api/data-sync/sync-groups',
        payload: {
          group: {
            id: 'wipe',
            name: 'Wipe',
            mappings: [
              {
                mysql_table: 'audit_log',
                type: 'sql_query',
                query: 'SELECT 1 AS id WHERE 1 = 0',
                truncate_first: true,
              },
            ],
          },
        },
      }),
    ];
    for (const response of await Promise.all(attacks)) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: string }>().error).toBe(
        'Only an administrator can edit sync mappings or run a query of your own.',
      );
    }
    expect(await snapshot()).toEqual(before);
    expect(await jobs()).toEqual(jobsBefore);
  });

  it.each([
    ['users', { query: promote('evil@example.com') }],
    ['users', { query: promote('x@example.com'), use_upsert: true, key_columns: ['email'] }],
    ['audit_log', { query: 'SELECT 1 AS id WHERE 1 = 0', truncate_first: true }],
    ['admin_documents', { query: `SELECT '<meta http-equiv=refresh>' AS content` }],
    ['sessions', { query: 'SELECT 1 AS id' }],
    ['sync_groups', { query: 'SELECT 1 AS id' }],
  ])(
    'refuses even an admin %s as a destination, naming the allowed tables',
    async (table, body) => {
      const before = await snapshot();
      const audit = await auditRows();
      const response = await syncQuery(admin, { mysql_table: table, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(destinationRefused(table));
      const saved = await admin({
        method: 'POST',
        url: '/api/data-sync/sync-groups',
        payload: {
          group: {
            id: 'bad',
            name: 'Bad',
            mappings: [{ mysql_table: table, type: 'sql_query', ...body }],
          },
        },
      });
      expect(saved.statusCode).toBe(400);
      expect(saved.json<{ error: string }>().error).toBe(
        `Mapping 1 (${table}): ${destinationRefused(table)}`,
      );
      expect(await snapshot()).toEqual(before);
      expect(await auditRows()).toBeGreaterThanOrEqual(audit);
    },
  );

  it('fails a stored mapping into a portal table at run time, in the loader, changing nothing', async () => {
    const { app, database } = portal();
    // As a group saved before the allow-list existed would hold it.
    await saveGroup(
      database.db,
      {
        id: 'stored_attack',
        name: 'Stored attack',
        description: '',
        isDefault: false,
        mappings: [
          {
            mysql_table: 'users',
            type: 'sql_query',
            query: promote('stored@example.com'),
            truncate_first: false,
            use_upsert: true,
            key_columns: ['email'],
          },
        ],
      },
      { now: Date.now(), exists: false },
    );
    const before = await snapshot();
    const jobId = await runGroup(app, manager, 'stored_attack');
    const detail = await job(admin, jobId);
    expect(detail.status).toBe('failed');
    expect(detail.children[0]!.error!.message).toBe(destinationRefused('users'));
    expect(await snapshot()).toEqual(before);

    // Samples of that job read no portal table either.
    const samples = await admin({
      method: 'GET',
      url: `/api/data-sync/jobs/${detail.children[0]!.id}/samples`,
    });
    expect(samples.statusCode).toBe(400);
    expect(samples.body).not.toContain('password_hash');
    expect(samples.json<{ error: string }>().error).toBe(destinationRefused('users'));
  });

  it.each([
    [
      'read_text',
      (dir: string) => `SELECT content AS payor_key FROM read_text('${dir}/secrets.json')`,
    ],
    [
      'read_text of the outbox',
      (dir: string) => `SELECT content AS payor_key FROM read_text('${dir}/outbox/*.eml')`,
    ],
    ['glob', () => `SELECT file AS payor_key FROM glob('/etc/*')`],
    ['COPY TO', (dir: string) => `COPY (SELECT 1 AS payor_key) TO '${dir}/x.html'`],
    ['ATTACH', (dir: string) => `ATTACH '${dir}/x.duckdb' AS x`],
    ['INSTALL', () => 'INSTALL httpfs'],
    ['a second statement', () => 'SELECT PAYORKEY AS payor_key FROM PAYORS; SELECT 1'],
    [
      'a statement smuggled past the count',
      (dir: string) =>
        `SELECT 1 AS payor_key) AS a; COPY (SELECT 1) TO '${dir}/x.html'; SELECT * FROM (SELECT 1 AS payor_key`,
    ],
    ['a setting', () => 'SET enable_external_access = true'],
  ])('refuses %s through query with a 400, touching no file', async (_name, query) => {
    const dir = portal().config.dataDir;
    const before = await snapshot();
    const jobsBefore = await jobs();
    const response = await syncQuery(admin, {
      mysql_table: 'payors',
      query: query(dir),
      truncate_first: true,
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: string }>();
    expect(error).toMatch(
      new RegExp(
        `^(${MAPPING_MESSAGES.oneStatement}|Parser Error: .*|Permission Error: .*disabled by configuration)$`,
      ),
    );
    expect(error).not.toMatch(/"signing|BEGIN|token/i);
    expect(await snapshot()).toEqual(before);
    expect(await jobs()).toEqual(jobsBefore);
  });

  it.each([
    [
      'a second statement',
      `1 = 1) AS a; COPY (SELECT 1) TO '/tmp/x.html'; SELECT * FROM (SELECT 1`,
    ],
    ['a file read', `EXISTS (SELECT * FROM read_text('/etc/hostname'))`],
  ])('refuses %s through a filter condition with a 400', async (_name, condition) => {
    const before = await snapshot();
    const response = await dataframe(admin, {
      mysql_table: 'payors',
      operations: [
        { type: 'base_table', table: 'PAYORS' },
        { type: 'filter', condition },
        { type: 'select', columns: [{ source: 'PAYORKEY', target: 'payor_key' }] },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('shows a case manager no patient samples, no stack trace and no server path', async () => {
    const { app, database } = portal();
    const payorsRun = await job(admin, await runGroup(app, manager, 'payors'));
    const patientsRun = await job(admin, await runGroup(app, manager, 'patients'));
    expect([payorsRun.status, patientsRun.status]).toEqual(['completed', 'completed']);

    const payorSamples = await manager({
      method: 'GET',
      url: `/api/data-sync/jobs/${payorsRun.children[0]!.id}/samples`,
    });
    expect(payorSamples.statusCode).toBe(200);

    const patientSamples = await manager({
      method: 'GET',
      url: `/api/data-sync/jobs/${patientsRun.children[0]!.id}/samples`,
    });
    expect(patientSamples.statusCode).toBe(403);
    const denied = await database.db
      .selectFrom('audit_log')
      .select(['outcome'])
      .where('action', '=', 'sync_samples_view')
      .where('outcome', '=', 'denied')
      .execute();
    expect(denied.length).toBeGreaterThan(0);
    const adminSamples = await admin({
      method: 'GET',
      url: `/api/data-sync/jobs/${patientsRun.children[0]!.id}/samples`,
    });
    expect(adminSamples.statusCode).toBe(200);

    // A stored mapping reading a file fails in the locked-down warehouse.
    const dir = portal().config.dataDir;
    await saveGroup(
      database.db,
      {
        id: 'stored_read',
        name: 'Stored read',
        description: '',
        isDefault: false,
        mappings: [
          {
            mysql_table: 'payors',
            type: 'sql_query',
            query: `SELECT content AS payor_key FROM read_text('${dir}/secrets.json')`,
            truncate_first: true,
            use_upsert: false,
            key_columns: [],
          },
        ],
      },
      { now: Date.now(), exists: false },
    );
    const failedId = await runGroup(app, manager, 'stored_read');
    const asManager = await job(manager, failedId);
    const child = asManager.children[0]!;
    expect(child.status).toBe('failed');
    const seen = JSON.stringify(await job(manager, child.id));
    expect(seen).not.toContain(dir);
    expect(seen).not.toContain('read_text');
    expect(seen).not.toMatch(/at .*\.ts:\d+/);
    expect(child.error).toMatchObject({ stack_trace: null, category: 'permission_error' });
    expect(child.error!.message).toContain('[path]');
    const asAdmin = await job(admin, child.id);
    expect(asAdmin.error!.stack_trace).toContain('Error');
    expect(asAdmin.error!.message).toContain(dir);
    expect(asAdmin.logs.some((log) => log.message.startsWith('Warehouse query:'))).toBe(true);
    expect(
      (await job(manager, child.id)).logs.some((log) => log.message.includes('read_text')),
    ).toBe(false);
  });
});
