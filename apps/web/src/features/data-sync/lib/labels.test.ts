import { describe, expect, it } from 'vitest';
import { SOURCE_LABEL, destinationLabel, jobTypeLabel } from './labels';

describe('plain job labels', () => {
  it('names the warehouse and the portal table instead of engine names', () => {
    expect(SOURCE_LABEL).toBe('Warehouse');
    expect(destinationLabel({ mysql_table: 'payors' })).toBe('Portal database · payors');
    expect(destinationLabel({ mysql_table: null })).toBe('Portal database');
  });

  it("names a group run's tables, the first three and a count of the rest", () => {
    const run = { mysql_table: null };
    expect(destinationLabel({ ...run, destination_tables: ['payors'] })).toBe(
      'Portal database · payors',
    );
    expect(
      destinationLabel({
        ...run,
        destination_tables: ['payors', 'patients', 'orders', 'items', 'doctors'],
      }),
    ).toBe('Portal database · payors, patients, orders and 2 more');
  });

  it('says what kind of job it was in words', () => {
    expect(jobTypeLabel('group')).toBe('Sync group run');
    expect(jobTypeLabel('snowpark_dataframe')).toBe('Table mapping');
    expect(jobTypeLabel('snowpark_query')).toBe('Query mapping');
  });
});
