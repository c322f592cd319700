import { describe, expect, it } from 'vitest';
import {
  DISPLAY_LIMITS,
  formatDate,
  formatDays,
  formatDaysUntilReorder,
  formatLocalDateTime,
  formatLocalNumericDateTime,
  formatLocalShortDateTime,
  formatPhone,
  formatShortDate,
  truncate,
} from './format';

describe('formatDate (MM/DD/YYYY)', () => {
  it.each([
    ['1948-03-07', '03/07/1948'],
    ['2025-12-31T23:30:00-08:00', '12/31/2025'],
    [Date.UTC(2024, 1, 29, 12), '02/29/2024'],
    [new Date(Date.UTC(2001, 0, 1)), '01/01/2001'],
  ])('%s → %s', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it('falls back for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDate(undefined, '')).toBe('');
  });

  it('formats analytics dates like Jan 5, 2025', () => {
    expect(formatShortDate('2025-01-05')).toBe('Jan 5, 2025');
    expect(formatShortDate(null)).toBe('N/A');
  });
});

describe('formatPhone', () => {
  it.each([
    ['5551234567', '(555) 123-4567'],
    ['555-123-4567', '(555) 123-4567'],
    ['(555) 123 4567', '(555) 123-4567'],
    ['+1 555 123 4567', '+1 555 123 4567'],
    ['12345', '12345'],
  ])('%s → %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it('falls back when there is no phone', () => {
    expect(formatPhone(null)).toBe('N/A');
    expect(formatPhone('  ')).toBe('N/A');
  });
});

describe('truncate', () => {
  it('keeps short values and shortens long ones to the limit', () => {
    expect(truncate('1Z999AA1012', DISPLAY_LIMITS.trackingNumber)).toBe('1Z999AA1012');
    expect(truncate('1Z999AA10123456784', DISPLAY_LIMITS.trackingNumber)).toBe('1Z999AA1012…');
    expect(truncate('1Z999AA10123456784', 12)).toHaveLength(12);
    expect(truncate('Bartholomew Featherstonehaugh', DISPLAY_LIMITS.doctorName)).toHaveLength(20);
    expect(truncate(null, 40)).toBe('');
  });
});

describe('durations and reorder badges', () => {
  it.each([
    [null, 'N/A'],
    [0.4, '< 1 day'],
    [1, '1 day'],
    [1.2, '1 day'],
    [1.6, '2 days'],
    [12.6, '13 days'],
  ])('formatDays(%s) → %s', (days, expected) => {
    expect(formatDays(days)).toBe(expected);
  });

  it.each([
    [-3, '3 days overdue'],
    [0, 'Due today'],
    [1, 'Due tomorrow'],
    [6, 'Due in 6 days'],
    [null, 'N/A'],
  ])('formatDaysUntilReorder(%s) → %s', (days, expected) => {
    expect(formatDaysUntilReorder(days)).toBe(expected);
  });
});

describe('formatLocalDateTime', () => {
  const at = new Date(Date.UTC(2026, 10, 22, 14, 48, 9));
  it.each<Intl.DateTimeFormatOptions>([
    { month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' },
    { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'America/Chicago' },
    { year: 'numeric', month: 'short', day: 'numeric' },
    { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone: 'UTC' },
  ])('writes what toLocaleString writes for %j, the second time too', (options) => {
    const expected = at.toLocaleString('en-US', options);
    expect(formatLocalDateTime(at, options)).toBe(expected);
    expect(formatLocalDateTime(at, options)).toBe(expected);
  });

  it('keeps formatters of different options apart', () => {
    expect(formatLocalDateTime(at, { timeZone: 'UTC', hour: 'numeric' })).toBe('2 PM');
    expect(formatLocalDateTime(at, { timeZone: 'Asia/Tokyo', hour: 'numeric' })).toBe('11 PM');
  });
});

describe("the viewer's-zone date and time forms, written without Intl", () => {
  const instants = [
    Date.UTC(2026, 10, 22, 14, 48),
    Date.UTC(2026, 0, 5, 0, 7),
    Date.UTC(2026, 6, 4, 12, 0, 59),
    Date.UTC(2025, 11, 31, 23, 59),
    Date.UTC(2024, 1, 29, 6, 30),
  ].map((ms) => new Date(ms));

  it.each(instants)('writes %s as toLocaleString does', (date) => {
    expect(formatLocalNumericDateTime(date)).toBe(
      date.toLocaleString('en-US', {
        month: '2-digit',
        day: '2-digit',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
    expect(formatLocalShortDateTime(date)).toBe(
      date.toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
  });

  it('writes a date that is not one as toLocaleString does, where Intl would throw', () => {
    const bad = new Date('not a date');
    const expected = bad.toLocaleString('en-US', { month: 'short' });
    expect(formatLocalNumericDateTime(bad)).toBe(expected);
    expect(formatLocalShortDateTime(bad)).toBe(expected);
    expect(formatLocalDateTime(bad, { month: 'short' })).toBe(expected);
  });

  it('writes midnight and noon on the 12-hour clock', () => {
    expect(formatLocalShortDateTime(new Date(2026, 10, 22, 0, 5))).toBe('Nov 22, 2026, 12:05 AM');
    expect(formatLocalNumericDateTime(new Date(2026, 10, 2, 12, 5))).toBe('11/02/2026, 12:05 PM');
  });
});
