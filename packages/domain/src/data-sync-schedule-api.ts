import { z } from 'zod';
import {
  INTERVAL_UNITS,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  WEEKDAYS,
  intervalMinutes,
  minutesOfDay,
  type TWeekday,
} from './data-sync-schedule-rules';
import { ZLine } from './text';

/**
 * The data-sync console's schedules and scheduler calls (issue 12): the schedule model,
 * its defaults and 1-1440 minute bounds (staff-tools.md sections 3, 5 and 9).
 */

// ---------------------------------------------------------------- schedules

export * from './data-sync-schedule-rules';

/** A schedule as stored and answered, every field filled in. */
export const ZScheduleSpecOut = z.object({
  days: z.array(z.enum(WEEKDAYS)),
  interval: z.number(),
  interval_unit: z.enum(INTERVAL_UNITS),
  start_time: z.string(),
  end_time: z.string(),
  time: z.string(),
  hours: z.number(),
  minutes: z.number(),
});
export type TScheduleSpec = z.infer<typeof ZScheduleSpecOut>;

/** The spec's default schedule (section 9): every 15 minutes, 00:00-23:59, all seven days. */
export const DEFAULT_SCHEDULE: TScheduleSpec = {
  days: [...WEEKDAYS],
  interval: 15,
  interval_unit: 'minutes',
  start_time: '00:00',
  end_time: '23:59',
  time: '00:00',
  hours: 0,
  minutes: 0,
};

/** What a group card's Schedule button proposes: 00:00 on Mon, Wed and Fri. */
export const GROUP_SCHEDULE_DEFAULT: TScheduleSpec = {
  ...DEFAULT_SCHEDULE,
  days: ['mon', 'wed', 'fri'],
  interval: 1,
  interval_unit: 'daily',
};

const ZClockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, SCHEDULE_MESSAGES.clockTime);

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A schedule as the spec names its fields. `hours` and `minutes` are `time` split in two
 * (the answer always carries all three); a request may give either form, `time` wins.
 */
export const ZScheduleSpec = z
  .object({
    days: z
      .array(z.enum(WEEKDAYS))
      .min(1, SCHEDULE_MESSAGES.daysRequired)
      .default([...WEEKDAYS]),
    interval: z
      .number()
      .int(SCHEDULE_MESSAGES.intervalWhole)
      .min(SCHEDULE_LIMITS.minIntervalMinutes, SCHEDULE_MESSAGES.intervalBounds)
      .max(SCHEDULE_LIMITS.maxIntervalMinutes, SCHEDULE_MESSAGES.intervalBounds)
      .default(DEFAULT_SCHEDULE.interval),
    interval_unit: z.enum(INTERVAL_UNITS).default(DEFAULT_SCHEDULE.interval_unit),
    start_time: ZClockTime.default(DEFAULT_SCHEDULE.start_time),
    end_time: ZClockTime.default(DEFAULT_SCHEDULE.end_time),
    time: ZClockTime.optional(),
    hours: z.number().int().min(0).max(23).optional(),
    minutes: z.number().int().min(0).max(59).optional(),
  })
  // Minutes are bounded above; hours must stay within a day once stated in minutes.
  .refine(
    (schedule) =>
      schedule.interval_unit !== 'hours' ||
      intervalMinutes(schedule) <= SCHEDULE_LIMITS.maxIntervalMinutes,
    {
      message: SCHEDULE_MESSAGES.intervalBounds,
      path: ['interval'],
    },
  )
  .transform((schedule): TScheduleSpec => {
    const time = schedule.time ?? `${pad(schedule.hours ?? 0)}:${pad(schedule.minutes ?? 0)}`;
    const at = minutesOfDay(time);
    return {
      ...schedule,
      days: WEEKDAYS.filter((day) => schedule.days.includes(day)),
      time,
      hours: Math.floor(at / 60),
      minutes: at % 60,
    };
  });
export type TScheduleSpecInput = z.input<typeof ZScheduleSpec>;

const DAY_LABELS: Record<TWeekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** A schedule in words, as the upcoming-runs list shows it: 'Every 15 minutes, 00:00-23:59, every day'. */
export const describeSchedule = (schedule: TScheduleSpec): string => {
  const days =
    schedule.days.length === WEEKDAYS.length
      ? 'every day'
      : schedule.days.map((day) => DAY_LABELS[day]).join(', ');
  if (schedule.interval_unit === 'daily') {
    return `Daily at ${schedule.time}, ${days}`;
  }
  const unit = schedule.interval_unit === 'hours' ? 'hour' : 'minute';
  const every = schedule.interval === 1 ? `Every ${unit}` : `Every ${schedule.interval} ${unit}s`;
  return `${every}, ${schedule.start_time}-${schedule.end_time}, ${days}`;
};

export const ZGroupId = ZLine().trim().min(1, SCHEDULE_MESSAGES.groupRequired).max(64);

export const ZScheduleInput = z.object({
  /** Present when editing; a new schedule gets one from the server. */
  id: ZLine().trim().max(36).optional(),
  group_id: ZGroupId,
  schedule: ZScheduleSpec.prefault({}),
  enabled: z.boolean().default(true),
});
export type TScheduleInput = z.input<typeof ZScheduleInput>;

export const ZSchedule = z.object({
  id: z.string(),
  group_id: z.string(),
  group_name: z.string(),
  schedule: ZScheduleSpecOut,
  enabled: z.boolean(),
  /** When it runs next; null while disabled or while the scheduler is stopped. */
  next_run: z.string().nullable(),
  last_run: z.string().nullable(),
  last_job_id: z.string().nullable(),
  /** 'started', 'skipped: ...' or 'failed: ...' for the last due run. */
  last_result: z.string().nullable(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

/**
 * The schedule list's version: a counter in the database that every change of a schedule
 * moves on. A list saved whole must carry the one it was read at (issue 31).
 */
const ZScheduleVersion = z
  .number({ error: SCHEDULE_MESSAGES.versionRequired })
  .int(SCHEDULE_MESSAGES.versionRequired)
  .min(0, SCHEDULE_MESSAGES.versionRequired);

export const ZScheduleBody = ZScheduleInput;
export const ZSchedulesBody = z.object({
  schedules: z.array(ZScheduleInput).max(200),
  version: ZScheduleVersion,
});
export type TSchedulesBody = z.input<typeof ZSchedulesBody>;
export const ZSchedulesResponse = z.object({
  success: z.literal(true),
  schedules: z.array(ZSchedule),
  version: z.number(),
});
export const ZScheduleResponse = z.object({
  success: z.literal(true),
  schedule: ZSchedule,
  version: z.number(),
});

/** PUT and DELETE /api/data-sync/schedules/:id: one schedule, by its id. */
export const ZScheduleIdParams = z.object({ id: ZLine().trim().min(1).max(36) });
export const ZScheduleUpdateBody = ZScheduleInput.omit({ id: true });
export type TScheduleUpdateInput = z.input<typeof ZScheduleUpdateBody>;
export const ZScheduleDeleteResponse = z.object({
  success: z.literal(true),
  deleted: z.string(),
  version: z.number(),
});

// ---------------------------------------------------------------- scheduler

export const ZSchedulerStatusQuery = z.object({
  /** true starts a stopped scheduler (needs run_sync); the console sends false. */
  auto_start: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export const ZNextScheduledRun = z.object({
  schedule_id: z.string(),
  group_id: z.string(),
  group_name: z.string(),
  next_run: z.string(),
  /** The schedule in words, e.g. 'Every 15 minutes, 00:00-23:59, every day'. */
  interval: z.string(),
});

export const ZSchedulerStatus = z.object({
  success: z.literal(true),
  running: z.boolean(),
  status: z.enum(['running', 'stopped']),
  /** Seconds since the scheduler was last started; 0 while stopped. */
  uptime: z.number(),
  /** Enabled schedules. */
  scheduled_jobs: z.number(),
  next_scheduled_runs: z.array(ZNextScheduledRun),
  timezone: z.string(),
  /** The last scheduler failure (a due run that could not start), or null. */
  error: z.string().nullable(),
});
export type TSchedulerStatus = z.infer<typeof ZSchedulerStatus>;

export const ZSchedulerControlBody = z.object({ action: z.enum(['start', 'stop']) });
export const ZSchedulerControlResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  running: z.boolean(),
});
