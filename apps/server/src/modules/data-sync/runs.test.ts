import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TIntegrity, TSamples, TSyncJob } from '@portal/domain/data-sync-api';
import { SYNC_ERROR_SUGGESTIONS } from '@portal/domain/sync-errors';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { DEFAULT_TABLE_ORDER } from '../../sync/default-groups';
import { createJob, finishJob } from '../../sync/jobs';
import { getJson, runGroup, signInAs, type TAsUser } from './test-support';

const warehouseFile = useTestWarehouse();

type TJobDetail = TSyncJob & { logs: { level: string; message: string }[]; children: TSyncJob[] };

describe.each(testDialects())('data-sync runs [%s]', (dialect) => {
  const portal = useTestPortal(dialect, {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
  });
  let admin: TAsUser;
  beforeAll(async () => {
    admin = await signInAs(portal().app, 'admin');
  });
  const count = async (table: string) =>
    Number(
      (
        await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(
          portal().database.db,
        )
      ).rows[0]?.n,
    );
  const job = (id: string) =>
    getJson<{ data: TJobDetail }>(admin, `/api/data-sync/jobs/${id}`).then((body) => body.data);

  it('runs the default full sync as a group job with one completed child per mapping', async () => {
    const { app } = portal();
    const jobId = await runGroup(app, admin, DEFAULT_FULL_SYNC_GROUP_ID);
    const detail = await job(jobId);
    expect(detail).toMatchObject({
      type: 'group',
      status: 'completed',
      progress: 100,
      group_id: DEFAULT_FULL_SYNC_GROUP_ID,
      error: null,
    });
    expect(detail.triggered_by).toMatch(/@sync\.test$/);
    expect(detail.children.map((child) => child.mysql_table)).toEqual([...DEFAULT_TABLE_ORDER]);
    for (const child of detail.children) {
      expect(child).toMatchObject({ status: 'completed', progress: 100, parent_id: jobId });
      expect(child.rows_inserted).toBe(child.source_count);
    }
    expect(detail.rows_inserted).toBe(
      detail.children.reduce((sum, child) => sum + child.rows_inserted, 0),
    );
    expect(detail.logs.some((log) => log.message === 'Group run completed')).toBe(true);
  });

  it('moves progress during a load: rows loaded over the count taken first', async () => {
    const { jobs } = await getJson<{ jobs: TSyncJob[] }>(admin, '/api/data-sync/jobs?per_page=100');
    const biggest = jobs
      .filter((item) => item.type !== 'group')
      .sort((a, b) => (b.source_count ?? 0) - (a.source_count ?? 0))[0]!;
    const { data } = await getJson<{ data: { logs: { level: string; message: string }[] } }>(
      admin,
      `/api/data-sync/jobs/${biggest.id}/logs?level=debug`,
    );
    expect(data.logs.every((log) => log.level === 'debug')).toBe(true);
    const steps = data.logs
      .map((log) => /^Progress: (\d+) rows loaded \((\d+)%\)$/.exec(log.message))
      .filter((match) => match !== null)
      .map((match) => ({ rows: Number(match[1]), percent: Number(match[2]) }));
    // The first write comes with the first batch, before the last row is in.
    expect(steps[0]!.rows).toBeLessThan(biggest.source_count!);
    expect(steps[0]!.percent).toBe(Math.floor((steps[0]!.rows / biggest.source_count!) * 100));
    // A mapping that is not incremental says first how many rows its query returns
    // (an incremental one, why it reloads in full or what it reads since its mark).
    const plain = jobs
      .filter((item) => item.type !== 'group' && !item.sync_mode)
      .sort((a, b) => (b.source_count ?? 0) - (a.source_count ?? 0))[0]!;
    const info = await getJson<{ data: { logs: { message: string }[] } }>(
      admin,
      `/api/data-sync/jobs/${plain.id}/logs?level=info`,
    );
    expect(info.data.logs[1]?.message).toBe(`Source query returns ${plain.source_count} rows`);
  });

  it('pages job history newest first', async () => {
    const first = await getJson<{ jobs: TSyncJob[]; total: number; pages: number }>(
      admin,
      '/api/data-sync/jobs?per_page=4',
    );
    expect(first.total).toBe(DEFAULT_TABLE_ORDER.length + 1);
    expect(first.pages).toBe(Math.ceil(first.total / 4));
    const second = await getJson<{ jobs: TSyncJob[] }>(
      admin,
      '/api/data-sync/jobs?per_page=4&page=2',
    );
    const times = [...first.jobs, ...second.jobs].map((item) => item.start_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set([...first.jobs, ...second.jobs].map((item) => item.id)).size).toBe(8);
    const top = await getJson<{ jobs: TSyncJob[] }>(admin, '/api/data-sync/jobs?top_level=true');
    expect(top.jobs.map((item) => item.type)).toEqual(['group']);
    const missing = await admin({ method: 'GET', url: '/api/data-sync/jobs/not-a-job' });
    expect(missing.statusCode).toBe(404);
  });

  it('shows source and destination rows side by side, with NULL kept and a search', async () => {
    const { jobs } = await getJson<{ jobs: TSyncJob[] }>(admin, '/api/data-sync/jobs?per_page=100');
    const patients = jobs.find((item) => item.mysql_table === 'patients')!;
    const response = await admin({
      method: 'GET',
      url: `/api/data-sync/jobs/${patients.id}/samples`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<{ data: TSamples }>().data;
    expect(data.key_columns).toEqual(['patient_key']);
    expect(data.source.count).toBe(await count('patients'));
    expect(data.destination.count).toBe(data.source.count);
    expect(data.difference).toBe(0);
    expect(data.source.rows).toHaveLength(100);
    expect(data.destination.rows.map((row) => row.patient_key)).toEqual(
      data.source.rows.map((row) => row.patient_key),
    );
    // Some optional columns are empty in the warehouse; they arrive as null on both sides.
    const withNull = data.source.rows.findIndex((row) => Object.values(row).includes(null));
    expect(withNull).toBeGreaterThanOrEqual(0);
    const nullColumn = Object.keys(data.source.rows[withNull]!).find(
      (column) => data.source.rows[withNull]![column] === null,
    )!;
    expect(data.destination.rows[withNull]![nullColumn]).toBeNull();

    const key = String(data.source.rows[3]!.patient_key);
    const searched = await getJson<{ data: TSamples }>(
      admin,
      `/api/data-sync/jobs/${patients.id}/samples?search=${encodeURIComponent(key)}`,
    );
    expect(searched.data.search).toBe(key);
    expect(searched.data.source.rows.map((row) => row.patient_key)).toContain(key);
    expect(searched.data.source.rows.length).toBeLessThan(100);
    expect(searched.data.destination.rows.map((row) => row.patient_key)).toEqual(
      searched.data.source.rows.map((row) => row.patient_key),
    );
    const trail = await portal()
      .database.db.selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'sync_samples_view')
      .execute();
    expect(trail.length).toBe(2);

    const group = jobs.find((item) => item.type === 'group')!;
    const refused = await admin({ method: 'GET', url: `/api/data-sync/jobs/${group.id}/samples` });
    expect(refused.statusCode).toBe(400);
  });

  it('checks integrity now: counts and checksums per table of the group', async () => {
    const { db } = portal().database;
    const before = await getJson<TIntegrity>(
      admin,
      `/api/data-sync/data-integrity?group_id=${DEFAULT_FULL_SYNC_GROUP_ID}`,
    );
    expect(before.tables.map((table) => table.mysql_table)).toEqual([...DEFAULT_TABLE_ORDER]);
    for (const table of before.tables) {
      expect(table).toMatchObject({ checksum_match: true, difference: 0, error: null });
      expect(table.last_sync).not.toBeNull();
    }
    // Change a row behind the sync's back: the check sees it, the last job could not have.
    const one = await db
      .selectFrom('doctors')
      .select('doctor_key')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('doctors')
      .set({ first_name: 'Changed behind the sync' })
      .where('doctor_key', '=', one.doctor_key)
      .execute();
    const after = await getJson<TIntegrity>(
      admin,
      '/api/data-sync/data-integrity?group_id=doctors',
    );
    expect(after.tables).toHaveLength(1);
    expect(after.tables[0]).toMatchObject({
      mysql_table: 'doctors',
      difference: 0,
      checksum_match: false,
    });
    const unknown = await admin({
      method: 'GET',
      url: '/api/data-sync/data-integrity?group_id=nope',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a second start of a running group, claimed in the database', async () => {
    const { app, database } = portal();
    const holder = await createJob(database.db, {
      type: 'group',
      source: 'test',
      destination: dialect,
      groupId: 'payors',
    });
    await database.db
      .updateTable('sync_groups')
      .set({ running_job_id: holder })
      .where('id', '=', 'payors')
      .execute();
    const refused = await admin({
      method: 'POST',
      url: '/api/data-sync/force-sync',
      payload: { group_id: 'payors' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error:
        'The sync group "Payors" is already running; wait for that run to finish before starting it again.',
    });
    // Once the holder has ended, its claim is stale and the next start takes the group.
    await finishJob(database.db, holder, { status: 'completed' });
    const jobId = await runGroup(app, admin, 'payors');
    expect((await job(jobId)).status).toBe('completed');

    // Two starts at once: one runs, the other is told the group is running.
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        admin({
          method: 'POST',
          url: '/api/data-sync/force-sync',
          payload: { group_id: 'payors' },
        }),
      ),
    );
    await app.dataSync.idle();
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const unknown = await admin({
      method: 'POST',
      url: '/api/data-sync/force-sync',
      payload: { group_id: 'no_such_group' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('fails a query the warehouse rejects with its category and advice, keeping the rows', async () => {
    const { app } = portal();
    const before = await count('payors');
    const response = await admin({
      method: 'POST',
      url: '/api/data-sync/snowpark/sync-query',
      payload: {
        query: 'SELECT PAYORKEY AS payor_key FROM NO_SUCH_TABLE',
        mysql_table: 'payors',
        truncate_first: true,
      },
    });
    expect(response.statusCode).toBe(200);
    await app.dataSync.idle();
    const failed = await job(response.json<{ job_id: string }>().job_id);
    expect(failed).toMatchObject({
      type: 'snowpark_query',
      status: 'failed',
      mysql_table: 'payors',
    });
    expect(failed.error).toMatchObject({
      category: 'schema_error',
      suggestions: [...SYNC_ERROR_SUGGESTIONS.schema_error],
    });
    expect(failed.error!.message).toContain('NO_SUCH_TABLE');
    expect(failed.error!.stack_trace).toEqual(expect.any(String));
    expect(failed.logs.some((log) => log.level === 'error')).toBe(true);
    expect(await count('payors')).toBe(before);
  });

  it('runs ad-hoc dataframe operations and queries into a portal table', async () => {
    const { app } = portal();
    const dataframe = await admin({
      method: 'POST',
      url: '/api/data-sync/snowpark/enhanced-dataframe-operations',
      payload: {
        mysql_table: 'so_classifications',
        truncate_first: true,
        operations: [
          { type: 'base_table', table: 'SOCLASSIFICATIONS', alias: 'C' },
          { type: 'filter', condition: 'C.ISLATEST = TRUE AND C.ISDELETED = FALSE' },
          {
            type: 'select',
            columns: [
              { source: 'C.SOCLASSIFICATIONKEY', target: 'so_classification_key' },
              { source: 'C.NAME', target: 'name' },
            ],
          },
        ],
      },
    });
    expect(dataframe.statusCode).toBe(200);
    const query = await admin({
      method: 'POST',
      url: '/api/data-sync/snowpark/sync-query',
      payload: {
        query:
          'SELECT SOCLASSIFICATIONKEY AS so_classification_key, DESCRIPTION AS description FROM SOCLASSIFICATIONS WHERE ISLATEST AND NOT ISDELETED',
        mysql_table: 'so_classifications',
        use_upsert: true,
        key_columns: ['so_classification_key'],
      },
    });
    expect(query.statusCode).toBe(200);
    await app.dataSync.idle();
    const ran = await Promise.all(
      [dataframe, query].map((response) => job(response.json<{ job_id: string }>().job_id)),
    );
    expect(ran.map((item) => [item.type, item.status, item.error?.message ?? null])).toEqual([
      ['snowpark_dataframe', 'completed', null],
      ['snowpark_query', 'completed', null],
    ]);
  });
});
