import { describe, expect, it } from 'vitest';
import { syncJob } from '../../../testing/sync-jobs';
import { formatDateTime } from '@portal/domain/format';
import {
  isCancelling,
  lastRunLine,
  plural,
  rowsChangedText,
  runEndToast,
  runTone,
  runningLine,
  syncModeText,
} from './runs';

describe('runs in words', () => {
  it('agrees the noun with its count', () => {
    expect(plural(1, 'order')).toBe('1 order');
    expect(plural(0, 'order')).toBe('0 orders');
    expect(plural(1204, 'row')).toBe('1,204 rows');
    expect(plural(1, 'mapping')).toBe('1 mapping');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('colours a failed or partial run red, never blue', () => {
    expect(runTone('running')).toBe('blue');
    expect(runTone('completed')).toBe('green');
    expect(runTone('failed')).toBe('red');
    expect(runTone('partial')).toBe('red');
  });

  it('says how far a run is and how the last one ended', () => {
    const running = syncJob({
      status: 'running',
      progress: 45,
      rows_processed: 1204,
      rows_inserted: 0,
      end_time: null,
      duration_ms: null,
    });
    expect(runningLine(running)).toBe('45% · 1,204\u00a0rows');
    expect(isCancelling(running)).toBe(false);
    const cancelling = { ...running, cancel_requested_by: 'admin@example.com' };
    expect(isCancelling(cancelling)).toBe(true);
    expect(runningLine(cancelling)).toBe('Cancelling… · 45% · 1,204\u00a0rows');
    expect(lastRunLine(syncJob())).toMatch(/^Last run \S.* · 184,878\u00a0rows · 46\u00a0s$/);
  });

  it('names the run and its result in the toast', () => {
    expect(runEndToast(syncJob())).toEqual({
      title: 'Full sync completed',
      description: '184,878 rows · 46 s',
      tone: 'success',
    });
    expect(runEndToast(syncJob({ status: 'failed', rows_inserted: 1 }))).toMatchObject({
      title: 'Full sync failed',
      description: '1 row · 46 s',
      tone: 'error',
    });
    expect(runEndToast(syncJob({ status: 'partial' })).title).toBe(
      'Full sync ended partial: some mappings failed',
    );
  });

  it('words an incremental run: since its mark in the console’s time form, or full reload', () => {
    const mark = { sync_mode: 'incremental', incremental_since: '2025-07-01 08:00:00' } as const;
    expect(syncModeText(mark)).toBe(`incremental since ${formatDateTime('2025-07-01T08:00:00Z')}`);
    expect(syncModeText({ sync_mode: 'incremental', incremental_since: 'batch 42' })).toBe(
      'incremental since batch 42',
    );
    expect(syncModeText({ sync_mode: 'full', incremental_since: null })).toBe('full reload');
    expect(syncModeText({ sync_mode: null })).toBeUndefined();
    expect(syncModeText({})).toBeUndefined();
    expect(rowsChangedText({ rows_changed: 1 })).toBe('1 row changed');
    expect(rowsChangedText({ rows_changed: 0 })).toBe('0 rows changed');
    expect(rowsChangedText({ rows_changed: 1204 })).toBe('1,204 rows changed');
    expect(rowsChangedText({ rows_changed: null })).toBeUndefined();
  });
});
