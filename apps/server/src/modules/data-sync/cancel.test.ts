import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { getJson, signInAs, type TAsUser } from './test-support';

/**
 * Issue 28: a runaway warehouse query is stopped by the statement time limit, and a
 * running job can be cancelled; either way the destination keeps its rows.
 */

const warehouseFile = useTestWarehouse({ patients: 20 });

const LIMIT_MS = 4000;

/** A trillion rows: runs far past the limit unless something stops it. */
const RUNAWAY =
  'SELECT CAST(SUM(a.range * b.range) AS VARCHAR) AS payor_key FROM range(1000000) AS a, range(1000000) AS b';

type TJobDetail = TSyncJob & { logs: { level: string; message: string }[]; children: TSyncJob[] };

describe.each(testDialects())('stopping sync jobs [%s]', (dialect) => {
  const portal = useTestPortal(dialect, {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
    WAREHOUSE_STATEMENT_TIMEOUT_MS: String(LIMIT_MS),
  });
  let admin: TAsUser;
  let manager: TAsUser;
  beforeAll(async () => {
    admin = await signInAs(portal().app, 'admin');
    manager = await signInAs(portal().app, 'case_manager');
    // Something in payors to keep.
    await portal().database.db.insertInto('payors').values({ payor_key: 'KEEP' }).execute();
  });
  const payors = async () =>
    (await sql<{ payor_key: string }>`SELECT payor_key FROM payors`.execute(portal().database.db))
      .rows;
  const job = (id: string) =>
    getJson<{ data: TJobDetail }>(admin, `/api/data-sync/jobs/${id}`).then((body) => body.data);

  it('interrupts a runaway query at the time limit, and does not retry it', async () => {
    const before = await payors();
    const started = Date.now();
    const response = await admin({
      method: 'POST',
      url: '/api/data-sync/snowpark/sync-query',
      payload: { mysql_table: 'payors', query: RUNAWAY, truncate_first: true },
    });
    expect(response.statusCode).toBe(200);
    await portal().app.dataSync.idle();
    const elapsed = Date.now() - started;
    const detail = await job(response.json<{ job_id: string }>().job_id);
    expect(detail.status).toBe('failed');
    expect(detail.error!.message).toBe(
      'The warehouse query ran longer than the time limit of 4 s and was stopped. Narrow the query, or ask an administrator to raise the warehouse time limit.',
    );
    expect(detail.logs.some((log) => /retry/i.test(log.message))).toBe(false);
    expect(elapsed).toBeGreaterThanOrEqual(LIMIT_MS - 100);
    expect(elapsed).toBeLessThan(LIMIT_MS + 3000);
    expect(await payors()).toEqual(before);
  });

  it('lets a case manager cancel a running group, which stops and keeps the rows', async () => {
    const before = await payors();
    const saved = await admin({
      method: 'POST',
      url: '/api/data-sync/sync-groups',
      payload: {
        group: {
          id: 'slow',
          name: 'Slow',
          mappings: [
            { mysql_table: 'payors', type: 'sql_query', query: RUNAWAY, truncate_first: true },
            { mysql_table: 'doctors', type: 'sql_query', query: 'SELECT 1 AS doctor_key' },
          ],
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    const started = Date.now();
    const run = await manager({
      method: 'POST',
      url: '/api/data-sync/force-sync',
      payload: { group_id: 'slow', retry_settings: { max_retries: 0, retry_delay: 0 } },
    });
    expect(run.statusCode).toBe(200);
    const jobId = run.json<{ job_id: string }>().job_id;
    const cancel = await manager({ method: 'POST', url: `/api/data-sync/jobs/${jobId}/cancel` });
    expect(cancel.statusCode).toBe(200);
    await portal().app.dataSync.idle();
    // Stopped by the cancel (polled every second), not by the time limit.
    expect(Date.now() - started).toBeLessThan(LIMIT_MS - 500);

    const detail = await job(jobId);
    const email = detail.triggered_by!;
    expect(detail).toMatchObject({ status: 'cancelled', cancel_requested_by: email });
    expect(detail.error!.message).toBe(`Sync cancelled by ${email}`);
    expect(detail.children.map((child) => [child.mysql_table, child.status])).toEqual([
      ['payors', 'cancelled'],
    ]);
    expect(detail.children[0]!.error!.message).toBe(`Sync cancelled by ${email}`);
    expect(await payors()).toEqual(before);

    const again = await manager({ method: 'POST', url: `/api/data-sync/jobs/${jobId}/cancel` });
    expect(again.statusCode).toBe(409);
    const trail = await portal()
      .database.db.selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'sync_cancel')
      .execute();
    expect(trail.map((row) => JSON.parse(row.detail!) as unknown)).toEqual([{ job_id: jobId }]);
    expect(
      (await manager({ method: 'POST', url: '/api/data-sync/jobs/nope/cancel' })).statusCode,
    ).toBe(404);
  });
});
