import { describe, expect, it } from 'vitest';
import { groupIncrement, groupRunStatus, jobTypeOfMapping, markInstant } from './sync-job';

describe('sync jobs', () => {
  it.each([
    [['completed', 'completed'], 'completed'],
    [['completed', 'failed'], 'partial'],
    [['failed', 'completed', 'completed'], 'partial'],
    [['failed', 'failed'], 'failed'],
    [[], 'failed'],
    [['completed', 'cancelled'], 'cancelled'],
  ] as const)('a group whose mappings ended %j ends %s', (children, expected) => {
    expect(groupRunStatus(children)).toBe(expected);
  });

  it('runs dataframe mappings as dataframe jobs and queries as query jobs', () => {
    expect(jobTypeOfMapping('snowpark_dataframe')).toBe('snowpark_dataframe');
    expect(jobTypeOfMapping('raw_query')).toBe('snowpark_query');
    expect(jobTypeOfMapping('sql_query')).toBe('snowpark_query');
  });

  it('combines a group run’s incremental mappings: earliest mark, rows summed, full wins', () => {
    const since = (mark: string, rowsChanged: number) =>
      ({ mode: 'incremental', since: mark, rowsChanged }) as const;
    expect(groupIncrement([null, undefined])).toBeNull();
    expect(
      groupIncrement([since('2025-07-02 08:00:00', 3), null, since('2025-07-01 08:00:00.5', 4)]),
    ).toEqual({ mode: 'incremental', since: '2025-07-01 08:00:00.5', rowsChanged: 7 });
    expect(
      groupIncrement([
        since('2025-07-02 08:00:00', 3),
        { mode: 'full', since: null, rowsChanged: 700 },
      ]),
    ).toEqual({ mode: 'full', since: '2025-07-02 08:00:00', rowsChanged: 703 });
    expect(groupIncrement([{ mode: 'full', since: null, rowsChanged: 9 }])).toEqual({
      mode: 'full',
      since: null,
      rowsChanged: 9,
    });
  });

  it('reads a warehouse mark as UTC, to the millisecond', () => {
    expect(markInstant('2026-11-25 13:02:11.123456')?.toISOString()).toBe(
      '2026-11-25T13:02:11.123Z',
    );
    expect(markInstant('2025-07-01 08:00:00')?.toISOString()).toBe('2025-07-01T08:00:00.000Z');
    expect(markInstant('2025-07-01T08:00:00+02:00')?.toISOString()).toBe(
      '2025-07-01T06:00:00.000Z',
    );
    expect(markInstant('batch 42')).toBeUndefined();
    expect(markInstant('2025-13-45 99:00:00')).toBeUndefined();
  });
});
