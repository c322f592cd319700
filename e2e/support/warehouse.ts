import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { expect, request, type APIRequestContext } from '@playwright/test';
import { DATA_DIR, DEMO_PASSWORD } from './auth';

const headers = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/**
 * Changes the e2e portal's own warehouse (DATA_DIR/warehouse.duckdb) the way the ERP would:
 * the rows and their LASTMODIFIED, past every mark there, so the next incremental sync reads
 * them. The portal opens the file only while a sync runs; while one does (another spec's),
 * the file is locked and the change waits for it.
 */
export const changeWarehouse = async (statements: string[]) => {
  const file = path.join(DATA_DIR, 'warehouse.duckdb');
  await expect
    .poll(
      async () => {
        try {
          const instance = await DuckDBInstance.create(file);
          const connection = await instance.connect();
          try {
            for (const statement of statements) {
              await connection.run(statement);
            }
          } finally {
            connection.closeSync();
            instance.closeSync();
          }
          return 'changed';
        } catch (error) {
          return String(error);
        }
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe('changed');
};

/** A stamp later than every LASTMODIFIED of the table, as the ERP's next export writes. */
export const nextStamp = (table: string) =>
  `(SELECT max(LASTMODIFIED) + INTERVAL 1 SECOND FROM ${table})`;

/** An API context signed in as the demo admin, with the CSRF header for writes. */
export const adminApi = async (baseURL: string) => {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: headers });
  const login = await context.post('/api/login', {
    data: { email: 'admin@example.com', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { cookies } = await context.storageState();
  const token = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
  return { context, write: { ...headers, 'X-CSRF-TOKEN': token } };
};

/**
 * Runs the default sync group (the large tables incremental) and waits for it to finish;
 * while another spec's run holds the group (409), it starts once that one is done.
 */
export const runDefaultSync = async (api: {
  context: APIRequestContext;
  write: Record<string, string>;
}) => {
  let jobId = '';
  await expect
    .poll(
      async () => {
        const started = await api.context.post('/api/data-sync/force-sync', {
          headers: api.write,
          data: { group_id: 'default_full_sync' },
        });
        if (started.ok()) {
          jobId = ((await started.json()) as { job_id: string }).job_id;
        }
        return started.status();
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(200);
  await expect
    .poll(
      async () => {
        const job = await api.context.get(`/api/data-sync/jobs/${jobId}`);
        return ((await job.json()) as { data: { status: string } }).data.status;
      },
      { timeout: 120_000, intervals: [500, 1000] },
    )
    .toBe('completed');
};
