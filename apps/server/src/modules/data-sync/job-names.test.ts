import { beforeAll, describe, expect, it } from 'vitest';
import type { TSyncGroupWithRun, TSyncJob } from '@portal/domain/data-sync-api';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { createJob, finishJob, updateJob } from '../../sync/jobs';
import { getJson, goodMapping, runGroup, signInAs, type TAsUser } from './test-support';

const warehouseFile = useTestWarehouse({ patients: 20 });

const reload = { ...goodMapping, truncate_first: true };

type TJobAnswer = { data: TSyncJob & { children: TSyncJob[] } };

describe.each(testDialects())('data-sync runs an operator can read [%s]', (dialect) => {
  const portal = useTestPortal(dialect, {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
  });
  let admin: TAsUser;
  beforeAll(async () => {
    admin = await signInAs(portal().app, 'admin');
    const saved = await admin({
      method: 'POST',
      url: '/api/data-sync/sync-groups',
      payload: {
        // The same table twice, each load replacing the last.
        group: { id: 'twice', name: 'Payors twice', mappings: [reload, reload] },
      },
    });
    expect(saved.statusCode).toBe(200);
  });
  const groupsNow = async () =>
    (await getJson<{ groups: TSyncGroupWithRun[] }>(admin, '/api/data-sync/sync-groups')).groups;

  it('names a group run by its group and each mapping job by group and table', async () => {
    const jobId = await runGroup(portal().app, admin, 'twice', { max_retries: 0 });
    const { data } = await getJson<TJobAnswer>(admin, `/api/data-sync/jobs/${jobId}`);
    expect(data.name).toBe('Payors twice');
    expect(data.group_name).toBe('Payors twice');
    expect(data.destination_tables).toEqual(['payors']);
    expect(data.children.map((child) => child.name)).toEqual([
      'Payors twice › payors',
      'Payors twice › payors',
    ]);
    expect(data.children.map((child) => child.destination_tables)).toEqual([
      ['payors'],
      ['payors'],
    ]);
    const history = await getJson<{ jobs: TSyncJob[] }>(
      admin,
      '/api/data-sync/jobs?top_level=true',
    );
    expect(history.jobs.find((job) => job.id === jobId)?.name).toBe('Payors twice');
  });

  it("gives a group run's rows as the sum of its mapping jobs' rows", async () => {
    const jobId = await runGroup(portal().app, admin, 'twice', { max_retries: 0 });
    const { data } = await getJson<TJobAnswer>(admin, `/api/data-sync/jobs/${jobId}`);
    expect(data.children.map((child) => child.status)).toEqual(['completed', 'completed']);
    expect(data.status).toBe('completed');
    const sum = data.children.reduce((total, child) => total + child.rows_inserted, 0);
    expect(sum).toBeGreaterThan(0);
    expect(data.rows_inserted).toBe(sum);
  });

  it('sums a running group run from its mapping jobs, with progress inside the mapping', async () => {
    const { db } = portal().database;
    const now = Date.now();
    const runId = await createJob(db, {
      type: 'group',
      source: 'test',
      destination: dialect,
      groupId: 'twice',
      now,
    });
    const first = await createJob(db, {
      type: 'snowpark_query',
      source: 'test',
      destination: dialect,
      mysqlTable: 'payors',
      groupId: 'twice',
      parentId: runId,
      now,
    });
    await finishJob(db, first, { status: 'completed', rows_inserted: 1200, rows_processed: 1200 });
    const second = await createJob(db, {
      type: 'snowpark_query',
      source: 'test',
      destination: dialect,
      mysqlTable: 'payors',
      groupId: 'twice',
      parentId: runId,
      now: now + 1,
    });
    await updateJob(db, second, { progress: 50, rows_processed: 300 });
    await updateJob(db, runId, { progress: 50 });
    try {
      const { data } = await getJson<TJobAnswer>(admin, `/api/data-sync/jobs/${runId}`);
      expect(data.rows_inserted).toBe(1200);
      expect(data.rows_processed).toBe(1500);
      // One mapping done, the other half way: three quarters of the run.
      expect(data.progress).toBe(75);
      const twice = (await groupsNow()).find((group) => group.id === 'twice');
      expect(twice?.last_job?.id).toBe(runId);
      expect(twice?.last_job?.status).toBe('running');
      expect(twice?.last_job?.rows_processed).toBe(1500);
    } finally {
      await finishJob(db, second, { status: 'failed' });
      await finishJob(db, runId, { status: 'failed' });
    }
  });

  it("answers each group's newest run as last_job, null for a group never run", async () => {
    const first = await runGroup(portal().app, admin, 'payors', { max_retries: 0 });
    const second = await runGroup(portal().app, admin, 'payors', { max_retries: 0 });
    const groups = await groupsNow();
    const payors = groups.find((group) => group.id === 'payors');
    expect(payors?.last_job?.id).toBe(second);
    expect(payors?.last_job?.id).not.toBe(first);
    expect(payors?.last_job?.status).toBe('completed');
    expect(payors?.last_job?.name).toBe(payors?.name);
    expect(payors?.last_job?.rows_inserted).toBeGreaterThan(0);
    const neverRun = groups.filter((group) => !['payors', 'twice'].includes(group.id));
    expect(neverRun.length).toBeGreaterThan(0);
    expect(neverRun.every((group) => group.last_job === null)).toBe(true);
  });

  it('refuses a start without a group in words for people', async () => {
    const send = (payload: object) =>
      admin({ method: 'POST', url: '/api/data-sync/force-sync', payload });
    const missing = await send({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      error: 'group_id is required',
      code: 'bad_request',
    });
    expect((await send({ group_id: 5 })).json<{ error: string }>().error).toBe(
      'group_id must be text',
    );
  });

  it('lets a case manager read the runs with their names', async () => {
    const manager = await signInAs(portal().app, 'case_manager');
    const groups = await getJson<{ groups: TSyncGroupWithRun[] }>(
      manager,
      '/api/data-sync/sync-groups',
    );
    const payors = groups.groups.find((group) => group.id === 'payors');
    expect(payors?.last_job?.name).toBe(payors?.name);
  });
});
