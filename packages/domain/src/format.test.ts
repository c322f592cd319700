import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DISPLAY_LIMITS,
  formatAge,
  formatDate,
  formatDateTime,
  formatDays,
  formatDaysUntilReorder,
  formatInstantDate,
  formatLocalDateTime,
  formatLocalNumericDateTime,
  formatLocalShortDateTime,
  formatPhone,
  formatShortDate,
  formatTime,
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

/**
 * Runs a describe block's tests in a given time zone: Node reads TZ again whenever it is set
 * (`vi.stubEnv` sets it), and `unstubAllEnvs` puts the zone back for the tests after.
 */
const inTimeZone = (zone: string) => {
  beforeAll(() => {
    vi.stubEnv('TZ', zone);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
};

describe('the date and time rule, in New York (daylight saving from Mar 8 to Nov 1, 2026)', () => {
  inTimeZone('America/New_York');

  it('runs in the zone it says', () => {
    expect(new Date(Date.UTC(2026, 0, 15, 17)).getHours()).toBe(12);
  });

  it.each([
    ['2026-11-25T18:24:00Z', '11/25/2026, 1:24 PM', '1:24 PM', '11/25/2026'],
    ['2026-11-26T03:30:00Z', '11/25/2026, 10:30 PM', '10:30 PM', '11/25/2026'],
    ['2026-11-25T05:05:00Z', '11/25/2026, 12:05 AM', '12:05 AM', '11/25/2026'],
    ['2026-07-04T16:00:00Z', '07/04/2026, 12:00 PM', '12:00 PM', '07/04/2026'],
  ])("an instant %s reads %s in the viewer's zone", (iso, dateTime, time, date) => {
    for (const value of [iso, Date.parse(iso), new Date(iso)]) {
      expect(formatDateTime(value)).toBe(dateTime);
      expect(formatTime(value)).toBe(time);
      expect(formatInstantDate(value)).toBe(date);
    }
    expect(formatDateTime(iso)).toBe(
      new Date(iso).toLocaleString('en-US', {
        month: '2-digit',
        day: '2-digit',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
  });

  it('follows the clock across the spring gap and the autumn repeat', () => {
    // 1:59 AM EST, then the next minute is 3:00 AM EDT.
    expect(formatTime('2026-03-08T06:59:00Z')).toBe('1:59 AM');
    expect(formatTime('2026-03-08T07:00:00Z')).toBe('3:00 AM');
    // 1:30 AM happens twice on Nov 1: first in EDT, then an hour later in EST.
    expect(formatDateTime('2026-11-01T05:30:00Z')).toBe('11/01/2026, 1:30 AM');
    expect(formatDateTime('2026-11-01T06:30:00Z')).toBe('11/01/2026, 1:30 AM');
  });

  it('shows a plain YYYY-MM-DD date as it is, not as the UTC midnight of the day before', () => {
    // new Date('2026-11-25') is midnight UTC: 7 PM on Nov 24 here.
    expect(new Date('2026-11-25').getDate()).toBe(24);
    expect(formatInstantDate('2026-11-25')).toBe('11/25/2026');
    expect(formatDateTime('2026-11-25')).toBe('11/25/2026');
    expect(formatDate('2026-11-25')).toBe('11/25/2026');
    expect(formatTime('2026-11-25')).toBe('N/A');
    expect(formatAge('2026-11-25', { now: new Date('2026-11-25T23:59:00-05:00') })).toBe('today');
  });

  it('counts ages in calendar days, the same across a 23-hour day', () => {
    const now = new Date('2026-11-25T13:24:00-05:00');
    expect(formatAge('2026-11-25T00:01:00-05:00', { now })).toBe('today');
    expect(formatAge('2026-11-24T23:00:00-05:00', { now })).toBe('1 day');
    expect(formatAge('2026-11-13', { now })).toBe('12 days');
    expect(formatAge(Date.parse('2026-11-13T15:00:00Z'), { now: now.getTime() })).toBe('12 days');
    // Noon Mar 7 to 11 AM Mar 9 is 47 hours, as Mar 8 had 23: still two calendar days.
    expect(
      formatAge('2026-03-07T12:00:00-05:00', { now: new Date('2026-03-09T11:00:00-04:00') }),
    ).toBe('2 days');
    expect(formatAge('2026-11-26', { now })).toBe('in 1 day');
    expect(formatAge('2026-12-05', { now })).toBe('in 10 days');
  });

  it('falls back when there is no date', () => {
    for (const value of [null, undefined, '', 'not a date', Number.NaN, new Date('x')]) {
      expect(formatDateTime(value)).toBe('N/A');
      expect(formatTime(value)).toBe('N/A');
      expect(formatInstantDate(value)).toBe('N/A');
      expect(formatAge(value)).toBe('N/A');
    }
    expect(formatDateTime(null, '-')).toBe('-');
    expect(formatAge(null, { fallback: '' })).toBe('');
  });
});

describe('the date and time rule, far from UTC', () => {
  inTimeZone('Pacific/Kiritimati');

  it("keeps a plain date on its day at UTC+14, and moves an instant to the viewer's day", () => {
    expect(formatInstantDate('2026-11-25')).toBe('11/25/2026');
    expect(formatDateTime('2026-11-25')).toBe('11/25/2026');
    expect(formatInstantDate('2026-11-25T12:00:00Z')).toBe('11/26/2026');
    expect(formatDateTime('2026-11-25T12:00:00Z')).toBe('11/26/2026, 2:00 AM');
  });
});
