import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { DEFAULT_MAPPINGS } from './default-groups';
import { getJob, getJobLogs } from './jobs';
import { runMappingJob } from './runner';
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
});
