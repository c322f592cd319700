import { describe, expect, it } from 'vitest';
import { groupRunStatus, jobTypeOfMapping } from './sync-job';

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
});
