import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_AGE_MINUTES,
  SYNC_GRACE_MINUTES,
  expectedMaxAgeMinutes,
  formatDataAsOf,
  isDataStale,
  longestScheduleGapMinutes,
} from './data-freshness';
import {
  DEFAULT_SCHEDULE,
  GROUP_SCHEDULE_DEFAULT,
  type TScheduleSpec,
} from './data-sync-schedule-api';

const schedule = (patch: Partial<TScheduleSpec>): TScheduleSpec => ({
  ...DEFAULT_SCHEDULE,
  ...patch,
});

describe('longestScheduleGapMinutes', () => {
  it('is the interval for a round-the-clock schedule', () => {
    // 00:00-23:59 every 15 minutes: the last run is 23:45, the next 00:00.
    expect(longestScheduleGapMinutes(DEFAULT_SCHEDULE)).toBe(15);
    expect(longestScheduleGapMinutes(schedule({ interval: 2, interval_unit: 'hours' }))).toBe(120);
  });

  it('counts the night between windows', () => {
    // 08:00-18:00 hourly: 18:00 to 08:00 is 14 hours.
    const office = schedule({
      interval: 1,
      interval_unit: 'hours',
      start_time: '08:00',
      end_time: '18:00',
    });
    expect(longestScheduleGapMinutes(office)).toBe(14 * 60);
    // A window past midnight belongs to the day it starts on: 22:00-02:00, then 20 hours.
    const night = { ...office, start_time: '22:00', end_time: '02:00' };
    expect(longestScheduleGapMinutes(night)).toBe(20 * 60);
  });

  it('counts the days a schedule skips', () => {
    // Daily at 00:00 on Mon, Wed, Fri: Friday to Monday is three days.
    expect(longestScheduleGapMinutes(GROUP_SCHEDULE_DEFAULT)).toBe(3 * 1440);
    expect(longestScheduleGapMinutes(schedule({ interval_unit: 'daily', interval: 1 }))).toBe(1440);
    expect(longestScheduleGapMinutes({ ...GROUP_SCHEDULE_DEFAULT, days: ['tue'] })).toBe(7 * 1440);
  });
});

describe('expectedMaxAgeMinutes', () => {
  it('is a day without a schedule', () => {
    expect(expectedMaxAgeMinutes([])).toBe(DEFAULT_MAX_AGE_MINUTES);
    expect(DEFAULT_MAX_AGE_MINUTES).toBe(1440);
  });

  it('takes the tightest schedule and allows for the run itself', () => {
    expect(expectedMaxAgeMinutes([GROUP_SCHEDULE_DEFAULT, DEFAULT_SCHEDULE])).toBe(
      15 + SYNC_GRACE_MINUTES,
    );
  });
});

describe('isDataStale', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0);
  const minutesAgo = (minutes: number) => now - minutes * 60_000;

  it('is late only past the allowed age', () => {
    expect(isDataStale({ lastSyncAt: minutesAgo(1440), now, maxAgeMinutes: 1440 })).toBe(false);
    expect(isDataStale({ lastSyncAt: minutesAgo(1441), now, maxAgeMinutes: 1440 })).toBe(true);
    expect(isDataStale({ lastSyncAt: minutesAgo(31), now, maxAgeMinutes: 30 })).toBe(true);
    expect(isDataStale({ lastSyncAt: minutesAgo(5), now, maxAgeMinutes: 30 })).toBe(false);
  });

  it('counts never synced as late', () => {
    expect(isDataStale({ lastSyncAt: null, now, maxAgeMinutes: 1440 })).toBe(true);
  });
});

describe('formatDataAsOf', () => {
  it('shows the date as MM/DD/YYYY and the time of day', () => {
    expect(formatDataAsOf('2026-11-22T14:48:00.000Z', 'UTC')).toBe(
      'Data as of 11/22/2026, 2:48 PM',
    );
    expect(formatDataAsOf('2026-11-22T14:48:00.000Z', 'America/New_York')).toBe(
      'Data as of 11/22/2026, 9:48 AM',
    );
  });

  it.each([
    '2026-11-22T14:48:00.000Z',
    '2026-01-05T00:07:00.000Z',
    '2026-07-04T12:00:59.000Z',
    '2025-12-31T23:59:00.000Z',
  ])("writes %s in the viewer's zone as toLocaleString does, without Intl", (iso) => {
    const expected = new Date(iso).toLocaleString('en-US', {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(formatDataAsOf(iso)).toBe(`Data as of ${expected}`);
  });

  it('writes midnight and noon on the 12-hour clock', () => {
    const at = (hours: number) => new Date(2026, 10, 22, hours, 5).toISOString();
    expect(formatDataAsOf(at(0))).toBe('Data as of 11/22/2026, 12:05 AM');
    expect(formatDataAsOf(at(12))).toBe('Data as of 11/22/2026, 12:05 PM');
    expect(formatDataAsOf(at(23))).toBe('Data as of 11/22/2026, 11:05 PM');
  });
});
