import { describe, expect, it } from 'vitest';
import { ZForceSyncBody } from './data-sync-api';
import {
  DEFAULT_SCHEDULE,
  GROUP_SCHEDULE_DEFAULT,
  SCHEDULE_MESSAGES,
  ZScheduleInput,
  ZScheduleSpec,
  describeSchedule,
  intervalMinutes,
} from './data-sync-schedule-api';

const messagesOf = (input: unknown) => {
  const result = ZScheduleSpec.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('schedules', () => {
  it("fills the spec's defaults: every 15 minutes, 00:00-23:59, all seven days", () => {
    expect(ZScheduleSpec.parse({})).toEqual(DEFAULT_SCHEDULE);
    expect(ZScheduleInput.parse({ group_id: 'patients' })).toEqual({
      group_id: 'patients',
      schedule: DEFAULT_SCHEDULE,
      enabled: true,
    });
  });

  it('proposes 00:00 on Mon, Wed and Fri for a group', () => {
    expect(GROUP_SCHEDULE_DEFAULT).toMatchObject({
      interval_unit: 'daily',
      time: '00:00',
      days: ['mon', 'wed', 'fri'],
    });
    expect(ZScheduleSpec.parse(GROUP_SCHEDULE_DEFAULT)).toEqual(GROUP_SCHEDULE_DEFAULT);
  });

  it.each([0, 1441, -5])('refuses an interval of %i minutes', (interval) => {
    expect(messagesOf({ interval })).toEqual([SCHEDULE_MESSAGES.intervalBounds]);
  });

  it('accepts the bounds themselves and states hours in minutes', () => {
    expect(messagesOf({ interval: 1 })).toEqual([]);
    expect(messagesOf({ interval: 1440 })).toEqual([]);
    expect(messagesOf({ interval: 24, interval_unit: 'hours' })).toEqual([]);
    expect(messagesOf({ interval: 25, interval_unit: 'hours' })).toEqual([
      SCHEDULE_MESSAGES.intervalBounds,
    ]);
    expect(intervalMinutes({ interval: 2, interval_unit: 'hours' })).toBe(120);
  });

  it('refuses fractions, no days, and times that are not HH:MM', () => {
    expect(messagesOf({ interval: 1.5 })).toEqual([SCHEDULE_MESSAGES.intervalWhole]);
    expect(messagesOf({ days: [] })).toEqual([SCHEDULE_MESSAGES.daysRequired]);
    expect(messagesOf({ start_time: '24:00' })).toEqual([SCHEDULE_MESSAGES.clockTime]);
    expect(messagesOf({ time: '7:5' })).toEqual([SCHEDULE_MESSAGES.clockTime]);
  });

  it('keeps time, hours and minutes in agreement, time winning', () => {
    expect(ZScheduleSpec.parse({ time: '07:45' })).toMatchObject({ hours: 7, minutes: 45 });
    expect(ZScheduleSpec.parse({ hours: 6, minutes: 5 })).toMatchObject({ time: '06:05' });
    expect(ZScheduleSpec.parse({ time: '01:02', hours: 9 })).toMatchObject({ hours: 1 });
  });

  it('orders and de-duplicates days', () => {
    expect(ZScheduleSpec.parse({ days: ['fri', 'mon', 'fri'] }).days).toEqual(['mon', 'fri']);
  });

  it('requires a group', () => {
    const result = ZScheduleInput.safeParse({ group_id: ' ' });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      SCHEDULE_MESSAGES.groupRequired,
    ]);
  });

  it('describes a schedule in words', () => {
    expect(describeSchedule(DEFAULT_SCHEDULE)).toBe('Every 15 minutes, 00:00-23:59, every day');
    expect(describeSchedule(GROUP_SCHEDULE_DEFAULT)).toBe('Daily at 00:00, Mon, Wed, Fri');
    expect(describeSchedule(ZScheduleSpec.parse({ interval: 1, interval_unit: 'hours' }))).toBe(
      'Every hour, 00:00-23:59, every day',
    );
  });
});

describe('force sync', () => {
  it('retries 3 times 300 seconds apart unless told otherwise', () => {
    expect(ZForceSyncBody.parse({ group_id: 'default_full_sync' }).retry_settings).toEqual({
      max_retries: 3,
      retry_delay: 300,
    });
    expect(
      ZForceSyncBody.parse({ group_id: 'x', retry_settings: { max_retries: 0 } }).retry_settings,
    ).toEqual({ max_retries: 0, retry_delay: 300 });
  });
});
