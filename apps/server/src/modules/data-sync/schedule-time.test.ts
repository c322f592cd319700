import { describe, expect, it } from 'vitest';
import { ZScheduleSpec } from '@portal/domain/data-sync-schedule-api';
import { loadConfig } from '../../config';
import { nextRunAfter } from './schedule-time';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const next = (schedule: unknown, after: string, timezone = 'UTC') =>
  iso(nextRunAfter(ZScheduleSpec.parse(schedule), at(after), timezone));

// 2025-06-09 is a Monday.
describe('next run of a schedule', () => {
  it('runs every 15 minutes by default, on the quarter hours from 00:00', () => {
    expect(next({}, '2025-06-09T10:00:00Z')).toBe('2025-06-09T10:15:00.000Z');
    expect(next({}, '2025-06-09T10:07:30Z')).toBe('2025-06-09T10:15:00.000Z');
    expect(next({}, '2025-06-09T23:50:00Z')).toBe('2025-06-10T00:00:00.000Z');
  });

  it('keeps to the window and the days', () => {
    const schedule = { interval: 30, start_time: '08:00', end_time: '17:00', days: ['mon', 'wed'] };
    expect(next(schedule, '2025-06-09T07:00:00Z')).toBe('2025-06-09T08:00:00.000Z');
    expect(next(schedule, '2025-06-09T16:30:00Z')).toBe('2025-06-09T17:00:00.000Z');
    // After Monday's window: Wednesday's start, skipping Tuesday.
    expect(next(schedule, '2025-06-09T17:00:00Z')).toBe('2025-06-11T08:00:00.000Z');
  });

  it('counts intervals from the window start, not the clock hour', () => {
    const schedule = { interval: 45, start_time: '09:10', end_time: '12:00' };
    expect(next(schedule, '2025-06-09T09:10:00Z')).toBe('2025-06-09T09:55:00.000Z');
    expect(next(schedule, '2025-06-09T11:30:00Z')).toBe('2025-06-10T09:10:00.000Z');
  });

  it('runs hourly schedules every N hours', () => {
    expect(next({ interval: 2, interval_unit: 'hours' }, '2025-06-09T01:00:00Z')).toBe(
      '2025-06-09T02:00:00.000Z',
    );
  });

  it('runs daily schedules at their time on their days: 00:00 Mon, Wed, Fri', () => {
    const schedule = { interval_unit: 'daily', time: '00:00', days: ['mon', 'wed', 'fri'] };
    expect(next(schedule, '2025-06-09T00:00:00Z')).toBe('2025-06-11T00:00:00.000Z');
    expect(next(schedule, '2025-06-13T00:00:01Z')).toBe('2025-06-16T00:00:00.000Z');
  });

  it('reads days and times in the configured time zone, across a DST change', () => {
    const schedule = { interval_unit: 'daily', time: '02:30' };
    // New York is UTC-4 in summer.
    expect(next(schedule, '2025-06-09T00:00:00Z', 'America/New_York')).toBe(
      '2025-06-09T06:30:00.000Z',
    );
    // Berlin moves from UTC+1 to UTC+2 on 2025-03-30; 08:00 local is 07:00 then 06:00 UTC.
    const morning = { interval_unit: 'daily', time: '08:00' };
    expect(next(morning, '2025-03-29T12:00:00Z', 'Europe/Berlin')).toBe('2025-03-30T06:00:00.000Z');
    expect(next(morning, '2025-03-28T12:00:00Z', 'Europe/Berlin')).toBe('2025-03-29T07:00:00.000Z');
  });

  it('runs windows that pass midnight on the day they start', () => {
    const schedule = { interval: 60, start_time: '22:00', end_time: '02:00', days: ['fri'] };
    expect(next(schedule, '2025-06-14T01:30:00Z')).toBe('2025-06-14T02:00:00.000Z');
    expect(next(schedule, '2025-06-14T02:00:00Z')).toBe('2025-06-20T22:00:00.000Z');
  });
});

describe('SCHEDULER_TIMEZONE', () => {
  it('defaults to UTC and refuses a zone that does not exist', () => {
    expect(loadConfig({}).schedulerTimezone).toBe('UTC');
    expect(loadConfig({ SCHEDULER_TIMEZONE: 'Europe/Berlin' }).schedulerTimezone).toBe(
      'Europe/Berlin',
    );
    expect(() => loadConfig({ SCHEDULER_TIMEZONE: 'Mars/Olympus' })).toThrow(
      /SCHEDULER_TIMEZONE must be an IANA time zone/,
    );
    expect(loadConfig({ SCHEDULER_TICK_MS: '0' }).schedulerTickMs).toBe(0);
  });
});
