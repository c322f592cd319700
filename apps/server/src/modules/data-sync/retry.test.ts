import path from 'node:path';
import { tmpdir } from 'node:os';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { SYNC_ERROR_SUGGESTIONS } from '@portal/domain/sync-errors';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { getJson, runGroup, signInAs, type TAsUser } from './test-support';

type TDetail = TSyncJob & { logs: { level: string; message: string }[]; children: TSyncJob[] };

const warehouseFile = useTestWarehouse({ patients: 40 });

describe.each(testDialects())('data-sync failures and retries [%s]', (dialect) => {
  describe('a warehouse that cannot be reached', () => {
    const portal = useTestPortal(dialect, {
      WAREHOUSE_URL: path.join(tmpdir(), 'portal-no-such-dir', 'warehouse.duckdb'),
      SCHEDULER_TICK_MS: '0',
    });
    let admin: TAsUser;
    beforeAll(async () => {
      admin = await signInAs(portal().app, 'admin');
    });

    it('fails the run in the connection category after the configured retries', async () => {
      const jobId = await runGroup(portal().app, admin, 'payors', {
        max_retries: 2,
        retry_delay: 0.01,
      });
      const { data } = await getJson<{ data: TDetail }>(admin, `/api/data-sync/jobs/${jobId}`);
      expect(data).toMatchObject({ type: 'group', status: 'failed', children: [] });
      expect(data.error).toMatchObject({
        category: 'connection_error',
        suggestions: [...SYNC_ERROR_SUGGESTIONS.connection_error],
      });
      expect(data.error!.message).toMatch(/^Warehouse connection failed: /);
      const retries = data.logs.filter((log) => log.level === 'warning');
      expect(retries.map((log) => / retry (\d) of 2 in 0.01 s$/.exec(log.message)?.[1])).toEqual([
        '1',
        '2',
      ]);
      // The group is free again for the next start.
      const again = await admin({
        method: 'POST',
        url: '/api/data-sync/force-sync',
        payload: { group_id: 'payors', retry_settings: { max_retries: 0 } },
      });
      expect(again.statusCode).toBe(200);
      await portal().app.dataSync.idle();
      const second = await getJson<{ data: TDetail }>(
        admin,
        `/api/data-sync/jobs/${again.json<{ job_id: string }>().job_id}`,
      );
      expect(second.data.logs.filter((log) => log.level === 'warning')).toEqual([]);
      expect(second.data.status).toBe('failed');
    });
  });

  describe('a wait to try again', () => {
    const portal = useTestPortal(dialect, {
      WAREHOUSE_URL: path.join(tmpdir(), 'portal-no-such-dir', 'warehouse.duckdb'),
      SCHEDULER_TICK_MS: '0',
    });

    it('shows the failure and when the next attempt starts while it waits (issue 31)', async () => {
      const admin = await signInAs(portal().app, 'admin');
      const started = Date.now();
      const response = await admin({
        method: 'POST',
        url: '/api/data-sync/force-sync',
        payload: { group_id: 'payors', retry_settings: { max_retries: 3, retry_delay: 300 } },
      });
      expect(response.statusCode).toBe(200);
      const jobId = response.json<{ job_id: string }>().job_id;
      // The console's poll: the first one after the failure already has the line and the wait.
      const data = await vi.waitFor(
        async () => {
          const { data } = await getJson<{ data: TDetail }>(admin, `/api/data-sync/jobs/${jobId}`);
          expect(data.retry_wait).toBeTruthy();
          return data;
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(data.status).toBe('running');
      expect(data.retry_wait).toMatchObject({ attempt: 1, attempts: 3 });
      const retryAt = Date.parse(data.retry_wait!.retry_at);
      expect(retryAt).toBeGreaterThanOrEqual(started + 300_000);
      expect(retryAt).toBeLessThan(Date.now() + 300_000);
      expect(data.logs.map((log) => log.message)).toContainEqual(
        expect.stringMatching(/; retry 1 of 3 in 300 s$/),
      );
      // A cancel ends the wait at once (an abort signal, no real 300 s).
      const cancel = await admin({ method: 'POST', url: `/api/data-sync/jobs/${jobId}/cancel` });
      expect(cancel.statusCode).toBe(200);
      await portal().app.dataSync.idle();
      const ended = await getJson<{ data: TDetail }>(admin, `/api/data-sync/jobs/${jobId}`);
      expect(ended.data.status).not.toBe('running');
      expect(ended.data.retry_wait).toBeNull();
    });
  });

  describe('a mapping the warehouse rejects', () => {
    const portal = useTestPortal(dialect, {
      get WAREHOUSE_URL() {
        return warehouseFile();
      },
      SCHEDULER_TICK_MS: '0',
    });

    it('is not retried, and the group run ends partial', async () => {
      const admin = await signInAs(portal().app, 'admin');
      const saved = await admin({
        method: 'POST',
        url: '/api/data-sync/sync-groups',
        payload: {
          group: {
            id: 'half_broken',
            name: 'Half broken',
            mappings: [
              {
                mysql_table: 'so_classifications',
                type: 'sql_query',
                query:
                  'SELECT SOCLASSIFICATIONKEY AS so_classification_key FROM SOCLASSIFICATIONS WHERE ISLATEST AND NOT ISDELETED',
                truncate_first: true,
              },
              {
                mysql_table: 'payors',
                type: 'sql_query',
                query: 'SELECT PAYORKEY AS payor_key FROM MISSING_TABLE',
              },
            ],
          },
        },
      });
      expect(saved.statusCode).toBe(200);
      const jobId = await runGroup(portal().app, admin, 'half_broken', {
        max_retries: 3,
        retry_delay: 0.01,
      });
      const { data } = await getJson<{ data: TDetail }>(admin, `/api/data-sync/jobs/${jobId}`);
      expect(data.status).toBe('partial');
      expect(data.error!.message).toMatch(
        /^Some sync jobs failed\. Check job history for details\./,
      );
      expect(data.children.map((child) => [child.mysql_table, child.status])).toEqual([
        ['so_classifications', 'completed'],
        ['payors', 'failed'],
      ]);
      const failed = data.children[1]!;
      expect(failed.error!.category).toBe('schema_error');
      const logs = await getJson<{ data: { logs: { message: string }[] } }>(
        admin,
        `/api/data-sync/jobs/${failed.id}/logs?level=warning`,
      );
      expect(logs.data.logs).toEqual([]);
    });
  });
});
