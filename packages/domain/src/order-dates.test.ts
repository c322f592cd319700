import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayEndMs,
  dayStartMs,
  defaultOrderDateRange,
  isIsoDate,
  isOrderedRange,
} from './order-dates';

describe('order date filter rules', () => {
  it('takes only real calendar days written YYYY-MM-DD', () => {
    for (const good of ['2026-01-31', '2024-02-29', '1900-01-01']) {
      expect(isIsoDate(good), good).toBe(true);
    }
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-1-31',
      '0001-01-01',
      '01/31/2026',
      '',
    ]) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
  });

  it('defaults to the day 30 days before today through today, on the UTC calendar', () => {
    expect(defaultOrderDateRange(new Date('2026-03-15T23:30:00Z'))).toEqual({
      startDate: '2026-02-13',
      endDate: '2026-03-15',
    });
    // Late evening west of Greenwich is already the next UTC day, as order dates are shown.
    expect(defaultOrderDateRange(new Date('2026-03-01T02:00:00Z')).endDate).toBe('2026-03-01');
  });

  it('moves days across months and years, and bounds a day in UTC milliseconds', () => {
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(dayStartMs('2025-01-04')).toBe(Date.parse('2025-01-04T00:00:00Z'));
    expect(dayEndMs('2025-01-04')).toBe(Date.parse('2025-01-05T00:00:00Z'));
  });

  it('accepts open ends and refuses an end before the start', () => {
    expect(isOrderedRange({ startDate: '', endDate: '' })).toBe(true);
    expect(isOrderedRange({ startDate: '2026-01-02', endDate: '' })).toBe(true);
    expect(isOrderedRange({ startDate: '2026-01-02', endDate: '2026-01-02' })).toBe(true);
    expect(isOrderedRange({ startDate: '2026-01-02', endDate: '2026-01-01' })).toBe(false);
  });
});
