import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { getJob, getJobLogs, childJobs } from '../../sync/jobs';
import { signInAs, type TAsUser } from './test-support';

/**
 * Issue 32: closing the app (SIGTERM) waits for this process's running syncs at most
 * SHUTDOWN_GRACE_MS, then stops them as a cancel would: the warehouse query is interrupted,
 * the load rolled back and the job failed, saying the shutdown stopped it.
 */
const warehouseFile = useTestWarehouse({ patients: 20 });

const GRACE_MS = 500;

/** A trillion rows: runs far past the grace unless something stops it. */
const RUNAWAY =
  'SELECT CAST(SUM(a.range * b.range) AS VARCHAR) AS payor_key FROM range(1000000) AS a, range(1000000) AS b';

describe.each(testDialects())('shutting down during a sync [%s]', (dialect) => {
  const lines: string[] = [];
  const portal = useTestPortal(
    dialect,
    {
      get WAREHOUSE_URL() {
        return warehouseFile();
      },
      SCHEDULER_TICK_MS: '0',
      WAREHOUSE_STATEMENT_TIMEOUT_MS: '120000',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      LOG_LEVEL: 'warn',
    },
    { logStream: { write: (line) => lines.push(line) } },
  );
  let admin: TAsUser;
  beforeAll(async () => {
    admin = await signInAs(portal().app, 'admin');
    await portal().database.db.insertInto('payors').values({ payor_key: 'KEEP' }).execute();
  });

  it('stops a run still going after the grace, rolls it back and fails its job', async () => {
    const { app, database } = portal();
    const saved = await admin({
      method: 'POST',
      url: '/api/data-sync/sync-groups',
      payload: {
        group: {
          id: 'slow',
          name: 'Slow',
          mappings: [
            { mysql_table: 'payors', type: 'sql_query', query: RUNAWAY, truncate_first: true },
          ],
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    const run = await admin({
      method: 'POST',
      url: '/api/data-sync/force-sync',
      payload: { group_id: 'slow', retry_settings: { max_retries: 0, retry_delay: 0 } },
    });
    expect(run.statusCode).toBe(200);
    const jobId = run.json<{ job_id: string }>().job_id;

    const started = Date.now();
    await app.close();
    const elapsed = Date.now() - started;
    // The grace, then the interrupt and rollback: seconds, not the two-minute query limit.
    expect(elapsed).toBeGreaterThanOrEqual(GRACE_MS - 50);
    expect(elapsed).toBeLessThan(GRACE_MS + 10_000);

    const job = await getJob(database.db, jobId);
    expect(job).toMatchObject({ status: 'failed' });
    expect(job!.error_message).toBe(
      'Sync stopped by shutdown: the portal process stopped before the run finished',
    );
    const children = await childJobs(database.db, jobId);
    expect(children.map((child) => [child.mysql_table, child.status])).toEqual([
      ['payors', 'failed'],
    ]);
    const logs = await getJobLogs(database.db, children[0]!.id);
    expect(logs.map((log) => log.message)).toContainEqual(
      expect.stringContaining('Sync stopped by shutdown'),
    );
    const payors = await sql<{ payor_key: string }>`SELECT payor_key FROM payors`.execute(
      database.db,
    );
    expect(payors.rows).toEqual([{ payor_key: 'KEEP' }]);
    const warning = lines
      .map((line) => JSON.parse(line) as { msg: string; runs?: number })
      .find((entry) => entry.msg.includes('SHUTDOWN_GRACE_MS'));
    expect(warning).toMatchObject({ runs: 1 });
  });
});
