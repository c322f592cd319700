import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { createJob, STALE_HEARTBEAT_MS } from '../../sync/jobs';
import { takeGroup } from './repository';
import { getJson, signInAs, type TAsUser } from './test-support';

const warehouseFile = useTestWarehouse({ patients: 20 });
const GROUP = 'payors';

/**
 * Issue 31: a process killed mid-run leaves its job 'running' and its group taken. Once
 * the job has been silent for a minute (by the portal's clock), the next start of the
 * group fails it, with a line in the job's log and a warning in the process log, and runs.
 */
describe.each(testDialects())('a run whose process died [%s]', (dialect) => {
  const clock = testClock(Date.parse('2025-06-10T10:00:00Z'));
  const lines: string[] = [];
  const portal = useTestPortal(
    dialect,
    {
      get WAREHOUSE_URL() {
        return warehouseFile();
      },
      SCHEDULER_TICK_MS: '0',
      LOG_LEVEL: 'warn',
    },
    { clock: clock.now, logStream: { write: (line) => lines.push(line) } },
  );
  let admin: TAsUser;
  beforeAll(async () => {
    admin = await signInAs(portal().app, 'admin');
  });

  const start = () =>
    admin({
      method: 'POST',
      url: '/api/data-sync/force-sync',
      payload: { group_id: GROUP, retry_settings: { max_retries: 0 } },
    });

  it('is failed after a minute without a heartbeat, and the group starts again', async () => {
    const { db } = portal().database;
    // The dead process's run: started, beat once, then nothing.
    const dead = await createJob(db, {
      type: 'group',
      source: 'duckdb:warehouse.duckdb',
      destination: dialect,
      groupId: GROUP,
      runner: 'portal-host-2:4242',
      now: clock.now(),
    });
    expect(await takeGroup(db, { groupId: GROUP, jobId: dead, seen: null })).toBe(true);

    clock.advance(STALE_HEARTBEAT_MS - 5000);
    expect((await start()).statusCode).toBe(409);

    clock.advance(10_000);
    const again = await start();
    expect(again.statusCode).toBe(200);
    await portal().app.dataSync.idle();

    const { data } = await getJson<{
      data: { status: string; error: { message: string }; logs: { message: string }[] };
    }>(admin, `/api/data-sync/jobs/${dead}`);
    expect(data.status).toBe('failed');
    expect(data.error.message).toMatch(/^The sync was interrupted/);
    expect(data.logs.map((log) => log.message)).toEqual([
      'Marked failed: no heartbeat from portal-host-2:4242 for 65 s',
    ]);
    const warned = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warned).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: `Sync job ${dead} marked failed: no heartbeat from portal-host-2:4242 for 65 s`,
      }),
    );
    const run = await getJson<{ data: { status: string } }>(
      admin,
      `/api/data-sync/jobs/${again.json<{ job_id: string }>().job_id}`,
    );
    expect(run.data.status).toBe('completed');
  });
});
