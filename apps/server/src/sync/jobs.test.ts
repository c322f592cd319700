import { hostname } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAPPING_MESSAGES } from '@portal/domain/sync-mapping';
import { SYNC_ERROR_SUGGESTIONS } from '@portal/domain/sync-errors';
import { createDatabase } from '../db/database';
import { testClock } from '../test/clock';
import { testDialects } from '../test/databases';
import { DEFAULT_MAPPINGS } from './default-groups';
import {
  createJob,
  failInterruptedJobs,
  finishJob,
  getJob,
  getJobLogs,
  STALE_HEARTBEAT_MS,
} from './jobs';
import { readWatermark } from './incremental-store';
import { HEARTBEAT_MS, jobJournal } from './journal';
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

  it('records each incremental mapping’s mode, mark and rows changed, and the group’s combined', async () => {
    const { context, database } = bed();
    const db = database.db;
    const orders = DEFAULT_MAPPINGS.orders!;
    const payors = {
      ...DEFAULT_MAPPINGS.payors!,
      truncate_first: false,
      use_upsert: true,
      key_columns: ['payor_key'],
      incremental: { cursor_column: ['PY.LASTMODIFIED', 'C.LASTMODIFIED'] },
    };
    const now = Date.now();
    await db
      .insertInto('sync_groups')
      .values(
        [
          { id: 'orders_and_doctors', mappings: [orders, DEFAULT_MAPPINGS.doctors] },
          { id: 'orders_and_payors', mappings: [orders, payors] },
        ].map((group) => ({
          id: group.id,
          name: group.id,
          mappings: JSON.stringify(group.mappings),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const increment = async (id: string) => {
      const job = await getJob(db, id);
      return {
        sync_mode: job!.sync_mode,
        incremental_since: job!.incremental_since,
        rows_changed: job!.rows_changed,
      };
    };

    // First run: orders reloads in full; doctors, not incremental, has none of it.
    const first = await runGroupJob(context, 'orders_and_doctors');
    expect(first.status).toBe('completed');
    const [ordersRun, doctorsRun] = first.children!;
    const full = {
      sync_mode: 'full',
      incremental_since: null,
      rows_changed: ordersRun!.rowsProcessed,
    };
    expect(await increment(ordersRun!.id)).toEqual(full);
    expect(await increment(doctorsRun!.id)).toEqual({
      sync_mode: null,
      incremental_since: null,
      rows_changed: null,
    });
    expect(await increment(first.id)).toEqual(full);
    const mark = (await readWatermark(db, 'orders'))!.mark;

    // Then orders reads the changes since its mark (none), payors its first full reload:
    // the group says full, since the orders mark, rows changed summed.
    const second = await runGroupJob(context, 'orders_and_payors');
    expect(second.status).toBe('completed');
    const [ordersAgain, payorsRun] = second.children!;
    expect(await increment(ordersAgain!.id)).toEqual({
      sync_mode: 'incremental',
      incremental_since: mark,
      rows_changed: 0,
    });
    expect(payorsRun!.rowsProcessed).toBeGreaterThan(0);
    expect(await increment(payorsRun!.id)).toEqual({
      sync_mode: 'full',
      incremental_since: null,
      rows_changed: payorsRun!.rowsProcessed,
    });
    expect(await increment(second.id)).toEqual({
      sync_mode: 'full',
      incremental_since: mark,
      rows_changed: payorsRun!.rowsProcessed,
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

  describe('heartbeats', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('beats a running job every HEARTBEAT_MS in the clock it is given', async () => {
      const { database } = bed();
      const clock = testClock(Date.parse('2025-06-10T10:00:00Z'));
      const id = await createJob(database.db, {
        type: 'group',
        source: 's',
        destination: 'd',
        now: clock.now(),
      });
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const journal = jobJournal({ db: database.db, clock: clock.now }, id);
      clock.advance(HEARTBEAT_MS);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await vi.waitFor(async () => {
        expect((await getJob(database.db, id))?.heartbeat_at).toBe(clock.now());
      });
      journal.close();
      await finishJob(database.db, id, { status: 'completed' });
    });

    it('fails a job silent for a minute, claimed by exactly one of several processes', async () => {
      const { database, url } = bed();
      const clock = testClock(Date.parse('2025-06-10T10:00:00Z'));
      const id = await createJob(database.db, {
        type: 'group',
        source: 's',
        destination: 'd',
        // Another host's process, or this host's after a restart with the pid taken again.
        runner: 'portal-2:1',
        now: clock.now(),
      });
      const others = [createDatabase(url), createDatabase(url)];
      try {
        const warnings: string[] = [];
        const sweep = () =>
          Promise.all(
            [database, ...others].map((process) =>
              failInterruptedJobs(process.db, clock.now(), (message) => warnings.push(message)),
            ),
          );
        clock.advance(STALE_HEARTBEAT_MS - 1000);
        expect((await sweep()).flat()).not.toContain(id);
        clock.advance(2000);
        expect((await sweep()).flat().filter((marked) => marked === id)).toEqual([id]);
        expect(warnings.filter((line) => line.includes(id))).toEqual([
          `Sync job ${id} marked failed: no heartbeat from portal-2:1 for 61 s`,
        ]);
        expect(await getJob(database.db, id)).toMatchObject({
          status: 'failed',
          end_time: clock.now(),
          error_category: 'unknown_error',
        });
        const logs = await getJobLogs(database.db, id);
        expect(logs.map((log) => log.message)).toEqual([
          'Marked failed: no heartbeat from portal-2:1 for 61 s',
        ]);
      } finally {
        await Promise.all(others.map((other) => other.destroy()));
      }
    });

    it('leaves a job that beat after it was read: the claim checks the heartbeat again', async () => {
      const { database } = bed();
      const now = Date.parse('2025-06-10T10:00:00Z');
      const id = await createJob(database.db, {
        type: 'group',
        source: 's',
        destination: 'd',
        runner: 'portal-2:2',
        now,
      });
      const claimed = await finishJob(database.db, id, {
        status: 'failed',
        whileRunning: true,
        silentSince: now,
      });
      expect(claimed).toBe(false);
      expect((await getJob(database.db, id))?.status).toBe('running');
      await finishJob(database.db, id, { status: 'completed' });
    });
  });
});
