import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { DEFAULT_MAPPINGS } from './default-groups';
import { testClock } from '../test/clock';
import { getJob, getJobLogs } from './jobs';
import { createMappingJob, runMappingJob } from './runner';
import { useSyncTestBed, useTestWarehouse } from './test-context';
import type { TWarehouse } from './warehouse/types';

const warehouseFile = useTestWarehouse({ patients: 30 });

/** The real warehouse behind a link that drops the first `failures` counts. */
const flaky = (warehouse: TWarehouse, failures: number, message: string): TWarehouse => {
  let left = failures;
  return {
    ...warehouse,
    count: async (sql) => {
      if (left > 0) {
        left -= 1;
        throw new Error(message);
      }
      return warehouse.count(sql);
    },
  };
};

describe.each(testDialects())('retries of a mapping job [%s]', (dialect) => {
  const bed = useSyncTestBed(dialect, warehouseFile);

  it('tries a connection failure again after the delay and completes', async () => {
    const { context, database } = bed();
    const summary = await runMappingJob(
      { ...context, warehouse: flaky(context.warehouse, 2, 'Connection reset by peer') },
      DEFAULT_MAPPINGS.doctors,
      { retry: { maxRetries: 3, delayMs: 5 } },
    );
    expect(summary.status).toBe('completed');
    const logs = await getJobLogs(database.db, summary.id);
    expect(logs.filter((log) => log.level === 'warning').map((log) => log.message)).toEqual([
      'Attempt 1 failed (connection_error): Connection reset by peer; retry 1 of 3 in 0.005 s',
      'Attempt 2 failed (connection_error): Connection reset by peer; retry 2 of 3 in 0.005 s',
    ]);
  });

  it('gives up after max_retries, and never retries other categories', async () => {
    const { context, database } = bed();
    const exhausted = await runMappingJob(
      { ...context, warehouse: flaky(context.warehouse, 5, 'network unreachable') },
      DEFAULT_MAPPINGS.doctors,
      { retry: { maxRetries: 1, delayMs: 1 } },
    );
    expect(exhausted.status).toBe('failed');
    expect((await getJob(database.db, exhausted.id))?.error_category).toBe('connection_error');
    const syntax = await runMappingJob(
      { ...context, warehouse: flaky(context.warehouse, 1, 'syntax error at or near FROM') },
      DEFAULT_MAPPINGS.doctors,
      { retry: { maxRetries: 3, delayMs: 1 } },
    );
    expect(syntax.status).toBe('failed');
    expect(syntax.error?.category).toBe('syntax_error');
    const logs = await getJobLogs(database.db, syntax.id);
    expect(logs.filter((log) => log.level === 'warning')).toEqual([]);
  });

  it('shows the failure and the wait while it waits: every line written before the pause', async () => {
    const { context, database } = bed();
    const clock = testClock(Date.parse('2025-06-10T10:00:00Z'));
    const jobId = await createMappingJob(
      { ...context, sourceLabel: 'duckdb' },
      DEFAULT_MAPPINGS.doctors,
      {},
    );
    // What the console's next poll reads while the run waits, looked at inside the wait.
    const during: { job: Awaited<ReturnType<typeof getJob>>; logs: string[] }[] = [];
    const pause = async (ms: number) => {
      expect(ms).toBe(300_000);
      during.push({
        job: await getJob(database.db, jobId),
        logs: (await getJobLogs(database.db, jobId)).map((log) => log.message),
      });
      clock.advance(ms);
    };
    const summary = await runMappingJob(
      { ...context, clock: clock.now, warehouse: flaky(context.warehouse, 1, 'Connection reset') },
      DEFAULT_MAPPINGS.doctors,
      { jobId, retry: { maxRetries: 3, delayMs: 300_000 }, pause },
    );
    expect(summary.status).toBe('completed');
    expect(during).toHaveLength(1);
    const [wait] = during;
    expect(wait!.job).toMatchObject({
      status: 'running',
      retry_at: Date.parse('2025-06-10T10:05:00Z'),
      retry_attempt: 1,
      retry_max: 3,
      heartbeat_at: Date.parse('2025-06-10T10:00:00Z'),
    });
    expect(wait!.logs).toEqual([
      'Sync of doctors started from duckdb:warehouse.duckdb',
      expect.stringMatching(/^Warehouse query: /),
      'Attempt 1 failed (connection_error): Connection reset; retry 1 of 3 in 300 s',
    ]);
    // The wait is over once the next attempt runs.
    expect(await getJob(database.db, jobId)).toMatchObject({
      status: 'completed',
      retry_at: null,
      retry_attempt: null,
    });
  });
});
