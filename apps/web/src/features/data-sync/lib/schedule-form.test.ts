import { describe, expect, it } from 'vitest';
import { groupScheduleForm, newScheduleForm, parseScheduleForm } from './schedule-form';

describe('schedule form', () => {
  it("starts from the spec's defaults", () => {
    expect(newScheduleForm()).toMatchObject({
      interval: '15',
      interval_unit: 'minutes',
      start_time: '00:00',
      end_time: '23:59',
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      enabled: true,
    });
    expect(groupScheduleForm('g')).toMatchObject({
      group_id: 'g',
      interval_unit: 'daily',
      time: '00:00',
      days: ['mon', 'wed', 'fri'],
    });
  });

  it('asks for a group, an interval of 1-1440 minutes and a day', () => {
    const result = parseScheduleForm({ ...newScheduleForm(), interval: '0', days: [] });
    expect(result).toEqual({
      ok: false,
      errors: {
        group_id: 'Please select a sync group to schedule',
        interval: 'The interval must be between 1 and 1440 minutes',
        days: 'Choose at least one day of the week',
      },
    });
    const empty = parseScheduleForm({ ...newScheduleForm('g'), interval: '' });
    expect(empty.ok ? undefined : empty.errors.interval).toBe(
      'The interval must be between 1 and 1440 minutes',
    );
    const high = parseScheduleForm({ ...newScheduleForm('g'), interval: '1441' });
    expect(high.ok).toBe(false);
    // Daily hides the interval: a bad value typed before switching does not block saving.
    const daily = parseScheduleForm({
      ...(high.ok ? newScheduleForm('g') : newScheduleForm('g')),
      interval: '1441',
      interval_unit: 'daily',
    });
    expect(daily.ok).toBe(true);
  });

  it('accepts the bounds and hands the server its shape', () => {
    for (const interval of ['1', '1440']) {
      const result = parseScheduleForm({ ...newScheduleForm('g'), interval });
      expect(result.ok && result.input.schedule.interval).toBe(Number(interval));
    }
  });
});
