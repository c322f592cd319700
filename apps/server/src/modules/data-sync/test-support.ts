import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TRole } from '@portal/domain/roles';
import { createTestUser, signIn, withSession } from '../../test/sessions';

export const goodMapping = {
  mysql_table: 'payors',
  type: 'sql_query',
  query: 'SELECT PAYORKEY AS payor_key FROM PAYORS',
};

/** Every console call, with a body that passes validation where it has one. */
export const EVERY_CALL: (InjectOptions & { url: string })[] = [
  { method: 'GET', url: '/api/data-sync/sync-groups' },
  {
    method: 'POST',
    url: '/api/data-sync/sync-groups',
    payload: { group: { id: 'mine', name: 'Mine', mappings: [goodMapping] } },
  },
  { method: 'DELETE', url: '/api/data-sync/sync-groups/mine' },
  { method: 'GET', url: '/api/data-sync/mappings' },
  { method: 'POST', url: '/api/data-sync/force-sync', payload: { group_id: 'payors' } },
  {
    method: 'POST',
    url: '/api/data-sync/snowpark/enhanced-dataframe-operations',
    payload: { mysql_table: 'payors', operations: [{ type: 'base_table', table: 'PAYORS' }] },
  },
  { method: 'POST', url: '/api/data-sync/snowpark/sync-query', payload: goodMapping },
  { method: 'GET', url: '/api/data-sync/jobs' },
  { method: 'GET', url: '/api/data-sync/jobs/x' },
  { method: 'GET', url: '/api/data-sync/jobs/x/logs' },
  { method: 'POST', url: '/api/data-sync/jobs/x/cancel' },
  { method: 'GET', url: '/api/data-sync/jobs/x/samples' },
  { method: 'GET', url: '/api/data-sync/data-integrity?group_id=payors' },
  { method: 'GET', url: '/api/data-sync/scheduler/status?auto_start=false' },
  { method: 'POST', url: '/api/data-sync/scheduler/control', payload: { action: 'stop' } },
  { method: 'GET', url: '/api/data-sync/schedules' },
  { method: 'POST', url: '/api/data-sync/schedule', payload: { group_id: 'payors' } },
  { method: 'POST', url: '/api/data-sync/schedules', payload: { schedules: [], version: 0 } },
  { method: 'PUT', url: '/api/data-sync/schedules/x', payload: { group_id: 'payors' } },
  { method: 'DELETE', url: '/api/data-sync/schedules/x' },
  { method: 'GET', url: '/api/data-sync/tables' },
  { method: 'POST', url: '/api/data-sync/table-sample', payload: { mapping: goodMapping } },
];

/** The calls that write warehouse SQL (edit_sync_mappings): admins only. */
export const EDIT_CALLS = new Set([
  'POST /api/data-sync/sync-groups',
  'DELETE /api/data-sync/sync-groups/mine',
  'POST /api/data-sync/snowpark/enhanced-dataframe-operations',
  'POST /api/data-sync/snowpark/sync-query',
  'GET /api/data-sync/tables',
  'POST /api/data-sync/table-sample',
]);

let counter = 0;

/** A signed-in user of the role: a function sending requests as the web app would. */
export const signInAs = async (app: FastifyInstance, role: TRole) => {
  counter += 1;
  const email = `${role}.${counter}.${Date.now().toString(36)}@sync.test`;
  await createTestUser(app.portal.database.db, { email, role });
  const { response, jar } = await signIn(app, { email });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${role} failed: ${response.body}`);
  }
  return (options: InjectOptions) => app.inject(withSession(jar, options));
};

export type TAsUser = Awaited<ReturnType<typeof signInAs>>;

/** Starts a group run and waits for every run of the app to end; returns the job id. */
export const runGroup = async (
  app: FastifyInstance,
  as: TAsUser,
  groupId: string,
  retrySettings?: { max_retries?: number; retry_delay?: number },
) => {
  const response = await as({
    method: 'POST',
    url: '/api/data-sync/force-sync',
    payload: { group_id: groupId, ...(retrySettings ? { retry_settings: retrySettings } : {}) },
  });
  if (response.statusCode !== 200) {
    throw new Error(`force-sync of ${groupId} answered ${response.statusCode}: ${response.body}`);
  }
  await app.dataSync.idle();
  return response.json<{ job_id: string }>().job_id;
};

export const getJson = async <T = Record<string, unknown>>(as: TAsUser, url: string) => {
  const response = await as({ method: 'GET', url });
  if (response.statusCode !== 200) {
    throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<T>();
};
