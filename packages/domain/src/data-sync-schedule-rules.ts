/**
 * The sync schedules' days, units, bounds and texts (staff-tools.md sections 3, 5 and 9),
 * in code without zod: the dashboard's data-freshness line uses them at start-up.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

/** minutes and hours: every `interval` within start_time-end_time; daily: once at `time`. */
export const INTERVAL_UNITS = ['minutes', 'hours', 'daily'] as const;
export type TIntervalUnit = (typeof INTERVAL_UNITS)[number];

export const SCHEDULE_LIMITS = { minIntervalMinutes: 1, maxIntervalMinutes: 1440 } as const;

export const SCHEDULE_MESSAGES = {
  groupRequired: 'Please select a sync group to schedule',
  intervalBounds: 'The interval must be between 1 and 1440 minutes',
  intervalWhole: 'The interval must be a whole number',
  daysRequired: 'Choose at least one day of the week',
  clockTime: 'Use a time like 08:30 (24-hour clock)',
  /** A list saved over changes someone else made since it was read (409). */
  stale: 'The schedules changed since you opened them. Reload to see the latest.',
  /** A list sent without the version it was read at (400). */
  versionRequired:
    'The schedule list must carry the version it was read at (GET /api/data-sync/schedules). Reload and try again.',
} as const;

/** Minutes after midnight of a clock time such as '08:30'. */
export const minutesOfDay = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** The interval in minutes, the unit the 1-1440 bound is stated in. */
export const intervalMinutes = (schedule: { interval: number; interval_unit: TIntervalUnit }) =>
  schedule.interval_unit === 'hours'
    ? schedule.interval * 60
    : schedule.interval_unit === 'daily'
      ? 1440
      : schedule.interval;
