import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { MAPPING_MESSAGES } from '@portal/domain/sync-mapping';
import { SYNC_ERROR_SUGGESTIONS } from '@portal/domain/sync-errors';
import { testDialects } from '../test/databases';
import { DEFAULT_MAPPINGS } from './default-groups';
import { createJob, failInterruptedJobs, getJob, getJobLogs, STALE_HEARTBEAT_MS } from './jobs';
import { runGroupJob, runMappingJob } from './runner';
import { useSyncTestBed, useTestWarehouse } from './test-context';

const warehouseFile = useTestWarehouse({ patients: 60 });

describe.each(testDialects())('sync jobs [%s]', (dialect) => {
  const bed = useSyncTestBed(dialect, warehouseFile);

  it('ends a group run partial when one mapping fails, and categorises the failure', async () => {
    const { context, database } = bed();
    const now = Date.now();
    await database.db
      .insertInto('sync_groups')
      .values({
        id: 'mixed',
        name: 'Mixed',
        mappings: JSON.stringify([
          DEFAULT_MAPPINGS.doctors,
          {
            mysql_table: 'payors',
            type: 'snowpark_dataframe',
            operations: [{ type: 'base_table', table: 'PAYORZ' }],
          },
        ]),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const summary = await runGroupJob(context, 'mixed');
    expect(summary.status).toBe('partial');
    expect(summary.error?.message).toMatch(
      /^Some sync jobs failed\. Check job history for details\./,
    );
    expect(summary.children?.map((child) => child.status)).toEqual(['completed', 'failed']);

    const failed = await getJob(database.db, summary.children![1]!.id);
    expect(failed).toMatchObject({
      type: 'snowpark_dataframe',
      status: 'failed',
      mysql_table: 'payors',
      parent_id: summary.id,
      error_category: 'schema_error',
    });
    expect(failed!.error_message).toContain('PAYORZ');
    expect(JSON.parse(failed!.error_suggestions!)).toEqual(SYNC_ERROR_SUGGESTIONS.schema_error);
    const logs = await getJobLogs(database.db, failed!.id);
    expect(logs.at(-1)).toMatchObject({ level: 'error' });
    expect(logs.at(-1)!.message).toContain('schema_error');
  });

  it('fails a job whose mapping does not validate, with the spec message', async () => {
    const { context, database } = bed();
    const summary = await runMappingJob(context, {
      mysql_table: 'orders',
      type: 'snowpark_dataframe',
      operations: [],
    });
    expect(summary.status).toBe('failed');
    const job = await getJob(database.db, summary.id);
    expect(job!.error_message).toBe(MAPPING_MESSAGES.operationsEmpty);
    expect(job!.end_time).not.toBeNull();
  });

  it('fails a group that has no mappings with the spec message', async () => {
    const { context, database } = bed();
    const now = Date.now();
    await database.db
      .insertInto('sync_groups')
      .values({ id: 'empty', name: 'Empty', mappings: '[]', created_at: now, updated_at: now })
      .execute();
    const summary = await runGroupJob(context, 'empty');
    expect(summary).toMatchObject({
      status: 'failed',
      error: { message: 'No mappings found in this group' },
    });
  });

  it('marks jobs left running by a dead process failed at start, and leaves live ones', async () => {
    const { database } = bed();
    const db = database.db;
    const now = Date.now();
    const host = hostname();
    const dead = await createJob(db, {
      type: 'group',
      source: 's',
      destination: 'd',
      runner: `${host}:2147483646`,
    });
    const live = await createJob(db, {
      type: 'group',
      source: 's',
      destination: 'd',
      runner: `${host}:${process.ppid}`,
    });
    const staleRemote = await createJob(db, {
      type: 'group',
      source: 's',
      destination: 'd',
      runner: 'other-host:1',
      now: now - STALE_HEARTBEAT_MS - 1000,
    });
    const freshRemote = await createJob(db, {
      type: 'group',
      source: 's',
      destination: 'd',
      runner: 'other-host:2',
    });

    const marked = await failInterruptedJobs(db, now);
    expect(marked.sort()).toEqual([dead, staleRemote].sort());
    expect((await getJob(db, dead))!).toMatchObject({ status: 'failed', end_time: now });
    expect((await getJob(db, dead))!.error_message).toMatch(/interrupted/);
    expect((await getJob(db, live))!.status).toBe('running');
    expect((await getJob(db, freshRemote))!.status).toBe('running');
  });
});
