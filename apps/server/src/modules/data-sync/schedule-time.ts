import { Cron } from 'croner';
import {
  intervalMinutes,
  type TScheduleSpec,
  type TWeekday,
} from '@portal/domain/data-sync-schedule-api';

const DAY_MS = 24 * 60 * 60_000;

const CRON_DAY: Record<TWeekday, number> = {
  sun: 0,
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
};

const minutesOfDay = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** A paused croner job firing at `time` on the schedule's days, in the portal's time zone. */
const dailyAt = (time: string, schedule: TScheduleSpec, timezone: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  const days = schedule.days.map((day) => CRON_DAY[day]).join(',');
  return new Cron(`${minutes} ${hours} * * ${days}`, { timezone, paused: true });
};

/**
 * The first run of a schedule strictly after `after` (epoch ms). Croner finds the days
 * and wall-clock times in the time zone (DST included); a minutes or hours schedule
 * then runs every interval from its window's start_time up to end_time inclusive. A
 * window whose end is before its start runs past midnight and belongs to the day it
 * starts on.
 */
export const nextRunAfter = (
  schedule: TScheduleSpec,
  after: number,
  timezone: string,
): number | undefined => {
  if (schedule.interval_unit === 'daily') {
    return dailyAt(schedule.time, schedule, timezone).nextRun(new Date(after))?.getTime();
  }
  const stepMs = intervalMinutes(schedule) * 60_000;
  const windowMs =
    ((minutesOfDay(schedule.end_time) - minutesOfDay(schedule.start_time) + 1440) % 1440) * 60_000;
  const starts = dailyAt(schedule.start_time, schedule, timezone);
  // The window holding `after`, if any, started less than a day before it.
  let windowStart = starts.nextRun(new Date(after - DAY_MS));
  // Bounded: a week of windows always holds the next run of a schedule with any day.
  for (let guard = 0; windowStart && guard < 16; guard += 1) {
    const start = windowStart.getTime();
    if (start > after) {
      return start;
    }
    const slot = start + (Math.floor((after - start) / stepMs) + 1) * stepMs;
    if (slot <= start + windowMs) {
      return slot;
    }
    windowStart = starts.nextRun(windowStart);
  }
  return undefined;
};
