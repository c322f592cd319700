import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TSyncGroupWithRun, TSyncJob } from '@portal/domain/data-sync-api';
import { startDeployment, stopProcess, type TDeployment } from './deployment';
import { jsonBody, signInAt, type TSession } from './session';

/**
 * The standing deployment test (issue 32): two built portal processes with their own data
 * dirs, one PostgreSQL and one document store, behind nginx, checked through the proxy as
 * users and operators meet them. Runs in `npm test` after the build (tools/test.ts).
 */

const ADMIN = 'admin@example.com';
const MANAGER = 'case_manager@example.com';
const SLOW_SQL =
  'SELECT CAST(SUM(a.range * b.range) AS VARCHAR) AS payor_key FROM range(1000000) AS a, range(1000000) AS b';

let deployment: TDeployment;
let proxy: string;
let admin: TSession;

const until = async <T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

const jobOf = (session: TSession, base: string, id: string) =>
  session.json<{ data: TSyncJob }>(base, `/api/data-sync/jobs/${id}`).then(({ data }) => data);

beforeAll(async () => {
  deployment = await startDeployment(2);
  proxy = deployment.proxy.url;
  admin = await signInAt(proxy, ADMIN, deployment.password);
}, 240_000);

afterAll(async () => {
  await (deployment as TDeployment | undefined)?.stop();
}, 60_000);

describe('two hosts behind nginx', () => {
  test('a session signed in through the proxy is accepted by every process', async () => {
    const manager = await signInAt(proxy, MANAGER, deployment.password);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await manager.request(proxy, '/api/check-auth')).status);
    }
    for (const host of deployment.processes) {
      statuses.push((await manager.request(host.url, '/api/check-auth')).status);
    }
    expect(statuses).toEqual(Array(statuses.length).fill(200));
  });

  test('a password change signs the user out on every process', async () => {
    const [first, second] = deployment.processes;
    const here = await signInAt(first!.url, MANAGER, deployment.password);
    const elsewhere = await signInAt(second!.url, MANAGER, deployment.password);
    const changed = await here.request(
      proxy,
      '/api/reset-password',
      jsonBody('PUT', {
        current_password: deployment.password,
        new_password: `${deployment.password}-changed`,
      }),
    );
    expect(changed.status).toBe(200);
    for (const host of deployment.processes) {
      expect((await elsewhere.request(host.url, '/api/check-auth')).status).toBe(401);
      expect((await here.request(host.url, '/api/check-auth')).status).toBe(200);
    }
  });

  test('a document uploaded through one process downloads through the other', async () => {
    const [first, second] = deployment.processes;
    const { payors } = await admin.json<{ payors: { payor_key: string }[] }>(
      proxy,
      '/api/admin/payors',
    );
    const orders = await until(
      'an order to attach a document to',
      async () => {
        for (const payor of payors) {
          const { orders } = await admin.json<{ orders: { so_number: string | null }[] }>(
            proxy,
            `/api/worklist/payor/${encodeURIComponent(payor.payor_key)}/orders?view=all&per_page=5`,
          );
          const so = orders.find((order) => order.so_number)?.so_number;
          if (so) {
            return so;
          }
        }
        return undefined;
      },
      10_000,
    );
    const content = `%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% deploy ${Date.now()}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
    const form = new FormData();
    form.append('order_identifier', orders);
    form.append('file', new Blob([content], { type: 'application/pdf' }), 'deploy-test.pdf');
    const uploaded = await admin.json<{ documents?: { id: number }[]; document?: { id: number } }>(
      first!.url,
      '/api/documents/upload',
      { method: 'POST', body: form },
    );
    const id = uploaded.document?.id ?? uploaded.documents?.[0]?.id;
    expect(id).toBeDefined();
    const download = await admin.request(second!.url, `/api/documents/${id}/download`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(content);
  });

  test('a PostgreSQL restart costs a few 503s, no 500, and service comes back', async () => {
    const answers: { status: number; at: number }[] = [];
    const state = { running: true };
    const load = (async () => {
      while (state.running) {
        const status = (await admin.request(proxy, '/api/check-auth')).status;
        answers.push({ status, at: Date.now() });
      }
    })();
    // The traffic is flowing (and answered) before the database goes away.
    await until(
      'answers before the restart',
      async () => (answers.length >= 5 ? true : undefined),
      10_000,
    );
    await deployment.postgres.restart();
    await until(
      'a 200 after the restart',
      async () =>
        (await admin.request(proxy, '/api/check-auth')).status === 200 ? true : undefined,
      15_000,
    );
    state.running = false;
    await load;
    expect(answers.filter(({ status }) => status !== 200 && status !== 503)).toEqual([]);
    const refused = answers.filter(({ status }) => status === 503);
    // The outage is the restart itself: from the first 503 to the last, a few seconds at most.
    const outageMs = refused.length === 0 ? 0 : refused.at(-1)!.at - refused[0]!.at;
    expect(outageMs).toBeLessThan(5_000);
    expect(answers.at(-1)?.status).toBe(200);
  }, 30_000);

  test('a schedule runs exactly once per slot across both processes', async () => {
    const { groups } = await admin.json<{ groups: TSyncGroupWithRun[] }>(
      proxy,
      '/api/data-sync/sync-groups',
    );
    const payors = groups.find((group) => group.id === 'payors')!;
    const groupId = `deploy_slot_${Date.now().toString(36)}`;
    await admin.json(
      proxy,
      '/api/data-sync/sync-groups',
      jsonBody('POST', {
        group: { id: groupId, name: 'Deploy slot', mappings: payors.mappings },
        create: true,
      }),
    );
    await admin.json(
      proxy,
      '/api/data-sync/schedule',
      jsonBody('POST', {
        group_id: groupId,
        schedule: { interval: 1, interval_unit: 'minutes', start_time: '00:00', end_time: '23:59' },
        enabled: true,
      }),
    );
    const scheduled = async () => {
      const { jobs } = await admin.json<{ jobs: TSyncJob[] }>(
        proxy,
        '/api/data-sync/jobs?top_level=true&per_page=100',
      );
      return jobs.filter((job) => job.group_id === groupId && job.triggered_by === 'scheduler');
    };
    // A slot goes by, and every process ticks after it (1 s ticks): one run, not two.
    await until(
      'a scheduled run',
      async () => ((await scheduled()).length >= 1 ? true : undefined),
      75_000,
    );
    // An observation window, not a wait for something to happen: five ticks of each process
    // after the slot, in which a second run of the same slot would have to appear.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const runs = await scheduled();
    const slots = runs.map((job) => job.start_time.slice(0, 16));
    expect(slots.length).toBeGreaterThan(0);
    expect(new Set(slots).size).toBe(slots.length);
  }, 100_000);

  test('a process killed mid-sync has its job failed by the other, and the group runs again', async () => {
    const [first, second] = deployment.processes;
    const groupId = `deploy_slow_${Date.now().toString(36)}`;
    await admin.json(
      second!.url,
      '/api/data-sync/sync-groups',
      jsonBody('POST', {
        group: {
          id: groupId,
          name: 'Deploy slow',
          mappings: [
            { mysql_table: 'payors', type: 'raw_query', query: SLOW_SQL, truncate_first: true },
          ],
        },
        create: true,
      }),
    );
    const start = (base: string) =>
      admin.json<{ job_id: string }>(
        base,
        '/api/data-sync/force-sync',
        jsonBody('POST', { group_id: groupId, retry_settings: { max_retries: 0, retry_delay: 0 } }),
      );
    const { job_id: jobId } = await start(first!.url);
    await until(
      'the run to be running',
      async () =>
        (await jobOf(admin, second!.url, jobId)).status === 'running' ? true : undefined,
      10_000,
    );
    const killedAt = Date.now();
    await stopProcess(first!, 'SIGKILL');
    const failed = await until(
      'the dead run to be failed',
      async () => {
        const job = await jobOf(admin, second!.url, jobId);
        return job.status === 'failed' ? job : undefined;
      },
      100_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(95_000);
    expect(failed.error?.message ?? '').toMatch(/stopped|heartbeat|interrupted/i);
    const again = await start(proxy);
    expect(again.job_id).not.toBe(jobId);
    const cancelled = await admin.request(
      proxy,
      `/api/data-sync/jobs/${again.job_id}/cancel`,
      jsonBody('POST', {}),
    );
    expect(cancelled.status).toBe(200);
  }, 130_000);
});
