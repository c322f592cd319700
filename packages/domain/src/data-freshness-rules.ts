import { formatLocalDateTime, formatLocalNumericDateTime } from './format';
import type { TScheduleSpec } from './data-sync-schedule-api';
import { WEEKDAYS, intervalMinutes, minutesOfDay } from './data-sync-schedule-rules';

/**
 * 'Data as of …' (issue 16): how old the portal's order data is, and whether that is older
 * than the sync schedule says it should be. Pure, so the server and the tests share it, and
 * without zod, as the dashboard shows it at start-up; data-freshness.ts adds the call's shape.
 */

/** Without a running schedule that loads the orders table, a day is the most data may age. */
export const DEFAULT_MAX_AGE_MINUTES = 24 * 60;

/** A scheduled run takes time to finish: data may be this much older than its gap. */
export const SYNC_GRACE_MINUTES = 15;

const WEEK_MINUTES = 7 * 24 * 60;

/** The minutes after a day's midnight at which the schedule starts a run on that day. */
const runsOfDay = (schedule: TScheduleSpec): number[] => {
  if (schedule.interval_unit === 'daily') {
    return [minutesOfDay(schedule.time)];
  }
  // As the scheduler plans them: from start_time every interval up to end_time inclusive;
  // a window whose end is before its start runs past midnight.
  const start = minutesOfDay(schedule.start_time);
  const window = (minutesOfDay(schedule.end_time) - start + 1440) % 1440;
  const step = intervalMinutes(schedule);
  const runs: number[] = [];
  for (let offset = 0; offset <= window; offset += step) {
    runs.push(start + offset);
  }
  return runs;
};

/**
 * The longest a schedule leaves between two runs in a week, in minutes: its interval
 * inside a window, but the night between windows and the days it skips count too.
 */
export const longestScheduleGapMinutes = (schedule: TScheduleSpec): number => {
  const dayRuns = runsOfDay(schedule);
  const runs = WEEKDAYS.flatMap((day, index) =>
    schedule.days.includes(day) ? dayRuns.map((minute) => index * 1440 + minute) : [],
  ).sort((a, b) => a - b);
  const first = runs[0];
  if (first === undefined) {
    return WEEK_MINUTES;
  }
  let longest = first + WEEK_MINUTES - (runs[runs.length - 1] ?? first);
  for (let index = 1; index < runs.length; index += 1) {
    longest = Math.max(longest, (runs[index] ?? 0) - (runs[index - 1] ?? 0));
  }
  return longest;
};

/**
 * How old the orders data may be before it counts as late: the tightest enabled
 * schedule's longest gap plus the time a run takes, or a day when nothing is scheduled.
 */
export const expectedMaxAgeMinutes = (schedules: readonly TScheduleSpec[]): number =>
  schedules.length === 0
    ? DEFAULT_MAX_AGE_MINUTES
    : Math.min(...schedules.map(longestScheduleGapMinutes)) + SYNC_GRACE_MINUTES;

/** Whether data last synced at `lastSyncAt` (epoch ms; null: never) is late at `now`. */
export const isDataStale = (options: {
  lastSyncAt: number | null;
  now: number;
  maxAgeMinutes: number;
}): boolean =>
  options.lastSyncAt === null || options.now - options.lastSyncAt > options.maxAgeMinutes * 60_000;

export const FRESHNESS_TEXTS = {
  neverSynced: 'Data as of: not synced yet',
  late: 'Updates may be delayed',
} as const;

/** 'Data as of 11/22/2026, 2:48 PM' in the viewer's time zone (or the one given). */
export const formatDataAsOf = (iso: string, timeZone?: string): string => {
  const date = new Date(iso);
  if (timeZone) {
    return `Data as of ${formatLocalDateTime(date, {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    })}`;
  }
  return `Data as of ${formatLocalNumericDateTime(date)}`;
};
