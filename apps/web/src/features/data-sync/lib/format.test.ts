import { describe, expect, it } from 'vitest';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import {
  errorReport,
  failureDialog,
  formatDuration,
  progressPercent,
  sampleCell,
  shortJobId,
} from './format';
import { SYNC_BANNERS, addTracked, keepRunning, panelBanner } from './tracked-jobs';

const job = (overrides: Partial<TSyncJob> = {}): TSyncJob => ({
  id: '0123456789abcdef-ghij',
  name: 'Payors',
  group_name: 'Payors',
  destination_tables: ['payors'],
  type: 'group',
  status: 'failed',
  progress: 0,
  source: 'duckdb:warehouse.duckdb',
  destination: 'payors',
  mysql_table: null,
  group_id: 'g',
  parent_id: null,
  start_time: '2025-01-01T00:00:00.000Z',
  end_time: null,
  duration_ms: null,
  rows_inserted: 0,
  rows_processed: 0,
  source_count: null,
  destination_count: null,
  triggered_by: null,
  error: null,
  cancel_requested_by: null,
  ...overrides,
});

const error = (message: string, category: NonNullable<TSyncJob['error']>['category']) => ({
  message,
  category,
  suggestions: [],
  details: null,
  stack_trace: null,
});

describe('data-sync display rules', () => {
  it('cuts job ids to 12 characters and formats durations and progress', () => {
    expect(shortJobId('0123456789abcdef')).toBe('0123456789ab');
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration(4_400)).toBe('4 s');
    expect(formatDuration(192_000)).toBe('3 min 12 s');
    expect(formatDuration(7_500_000)).toBe('2 h 5 min');
    expect(progressPercent(42.6)).toBe(43);
    expect(progressPercent(140)).toBe(100);
    expect(sampleCell(null)).toBe('NULL');
    expect(sampleCell(0)).toBe('0');
  });

  it('sends invalid identifiers and dict-split failures to the fixer, others to the error dialog', () => {
    const child = (message: string) =>
      job({ type: 'snowpark_dataframe', error: error(message, 'unknown_error') });
    expect(
      failureDialog({
        ...job({ error: error('1 of 1 mappings failed', 'unknown_error') }),
        children: [child('SQL compilation error: invalid identifier \'"P"."patientkey"\'')],
      }),
    ).toBe('case_fixer');
    expect(failureDialog(child("'dict' object has no attribute 'split'"))).toBe('case_fixer');
    expect(failureDialog(child('Connection refused'))).toBe('sync_error');
    expect(failureDialog(job({ status: 'completed' }))).toBeUndefined();
    expect(errorReport(job(), error('Boom', 'unknown_error'))).toContain('Category: unknown_error');
  });

  it('shows a banner only when every tracked job has finished', () => {
    expect(panelBanner([])).toBeUndefined();
    expect(panelBanner([{ status: 'completed' }, { status: 'running' }])).toBeUndefined();
    expect(panelBanner([{ status: 'completed' }])).toBe('success');
    expect(panelBanner([{ status: 'completed' }, { status: 'partial' }])).toBe('failure');
    expect(SYNC_BANNERS.failure).toBe('Some sync jobs failed. Check job history for details.');
    expect(addTracked(['a'], 'b')).toEqual(['b', 'a']);
    expect(addTracked(['a'], 'a')).toEqual(['a']);
    const statuses: Record<string, TSyncJob['status']> = { a: 'completed', b: 'running' };
    expect(keepRunning(['a', 'b', 'c'], (id) => statuses[id])).toEqual(['b', 'c']);
  });
});
