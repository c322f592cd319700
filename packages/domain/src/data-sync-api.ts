import { z } from 'zod';
import { SYNC_ERROR_CATEGORIES } from './sync-errors';
import { SYNC_JOB_STATUSES, SYNC_JOB_TYPES, SYNC_LOG_LEVELS } from './sync-job';
import { ZSyncGroup, type TMappingInput } from './sync-mapping';
import { ZLine } from './text';

/**
 * The data-sync console's API (issue 12), every route under /api/data-sync. Field
 * names are the spec's (staff-tools.md sections 3, 7 and 9); times are ISO 8601 strings.
 * Bodies whose mappings must answer with the spec's validation messages take those
 * fields as unknown on the wire: the server runs validateMapping (sync-mapping.ts) on
 * them, so a client sees 'Operations array cannot be empty...' rather than zod's text.
 */

// ---------------------------------------------------------------- schedules

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
} as const;

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

const minutesOfDay = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The interval in minutes, the unit the 1-1440 bound is stated in. */
export const intervalMinutes = (schedule: { interval: number; interval_unit: TIntervalUnit }) =>
  schedule.interval_unit === 'hours'
    ? schedule.interval * 60
    : schedule.interval_unit === 'daily'
      ? 1440
      : schedule.interval;

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

const ZGroupId = ZLine().trim().min(1, SCHEDULE_MESSAGES.groupRequired).max(64);

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

export const ZScheduleBody = ZScheduleInput;
export const ZSchedulesBody = z.object({ schedules: z.array(ZScheduleInput).max(200) });
export const ZSchedulesResponse = z.object({
  success: z.literal(true),
  schedules: z.array(ZSchedule),
});
export const ZScheduleResponse = z.object({ success: z.literal(true), schedule: ZSchedule });

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

// ---------------------------------------------------------------- groups and runs

export const ZSyncGroupsResponse = z.object({
  success: z.literal(true),
  groups: z.array(ZSyncGroup),
});

/** The group as the console edits it; each mapping is checked by validateMapping. */
export const ZSaveGroupBody = z.object({
  group: z.object({
    id: ZLine()
      .trim()
      .regex(/^[A-Za-z_][A-Za-z0-9_$]*$/, 'Group id must be a plain identifier')
      .max(64),
    name: ZLine().trim().min(1, 'Group name is required').max(255),
    description: ZLine().max(1000).default(''),
    mappings: z.array(z.unknown()).describe('Mappings (validated as sync-mapping.ts ZMapping)'),
  }),
});
export type TSaveGroupBody = {
  group: { id: string; name: string; description?: string; mappings: TMappingInput[] };
};
export const ZSaveGroupResponse = z.object({ success: z.literal(true), group: ZSyncGroup });

export const ZMappingsResponse = z.object({
  success: z.literal(true),
  mappings: z.array(
    z.object({
      group_id: z.string(),
      group_name: z.string(),
      index: z.number(),
      mapping: z.unknown(),
    }),
  ),
});

export const FORCE_SYNC_DEFAULTS = { max_retries: 3, retry_delay: 300 } as const;

export const ZRetrySettings = z.object({
  max_retries: z.number().int().min(0).max(10).default(FORCE_SYNC_DEFAULTS.max_retries),
  /** Seconds between attempts; fractions allowed. */
  retry_delay: z.number().min(0).max(3600).default(FORCE_SYNC_DEFAULTS.retry_delay),
});

export const ZForceSyncBody = z.object({
  group_id: ZGroupId,
  retry_settings: ZRetrySettings.prefault({}),
});

export const ZDataframeSyncBody = z.object({
  operations: z
    .unknown()
    .optional()
    .describe('Dataframe operations (sync-mapping.ts ZOperation[])'),
  mysql_table: z.unknown().optional().describe('The portal table to fill'),
  truncate_first: z.boolean().default(false),
});
export type TDataframeSyncBody = {
  operations: NonNullable<TMappingInput['operations']>;
  mysql_table: string;
  truncate_first?: boolean;
};

export const ZQuerySyncBody = z.object({
  query: z.unknown().optional().describe('A SELECT in the warehouse dialect'),
  mysql_table: z.unknown().optional().describe('The portal table to fill'),
  truncate_first: z.boolean().default(false),
  use_upsert: z.boolean().default(false),
  key_columns: z.array(z.string()).default([]),
});
export type TQuerySyncBody = {
  query: string;
  mysql_table: string;
  truncate_first?: boolean;
  use_upsert?: boolean;
  key_columns?: string[];
};

export const ZStartResponse = z.object({ success: z.literal(true), job_id: z.string() });

// ---------------------------------------------------------------- jobs

export const ZSyncErrorObject = z.object({
  message: z.string(),
  category: z.enum(SYNC_ERROR_CATEGORIES),
  suggestions: z.array(z.string()),
  details: z.string().nullable(),
  stack_trace: z.string().nullable(),
});
export type TSyncErrorObject = z.infer<typeof ZSyncErrorObject>;

export const ZSyncLog = z.object({
  timestamp: z.string(),
  level: z.enum(SYNC_LOG_LEVELS),
  message: z.string(),
});

export const ZSyncJob = z.object({
  id: z.string(),
  type: z.enum(SYNC_JOB_TYPES),
  status: z.enum(SYNC_JOB_STATUSES),
  /** 0-100: rows loaded over the warehouse's count; for a group, mappings done over mappings. */
  progress: z.number(),
  source: z.string(),
  destination: z.string(),
  mysql_table: z.string().nullable(),
  group_id: z.string().nullable(),
  parent_id: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  duration_ms: z.number().nullable(),
  rows_inserted: z.number(),
  rows_processed: z.number(),
  source_count: z.number().nullable(),
  destination_count: z.number().nullable(),
  /** Who started it: a user's email, or 'scheduler'. */
  triggered_by: z.string().nullable(),
  error: ZSyncErrorObject.nullable(),
});
export type TSyncJob = z.infer<typeof ZSyncJob>;

export const ZJobsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(SYNC_JOB_STATUSES).optional(),
  /** true leaves out the per-mapping jobs of group runs. */
  top_level: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export const ZJobsResponse = z.object({
  success: z.literal(true),
  jobs: z.array(ZSyncJob),
  current_page: z.number(),
  pages: z.number(),
  total: z.number(),
  per_page: z.number(),
});

export const ZJobParams = z.object({ id: ZLine().trim().min(1).max(36) });

export const ZJobResponse = z.object({
  success: z.literal(true),
  data: ZSyncJob.extend({ logs: z.array(ZSyncLog), children: z.array(ZSyncJob) }),
});

export const ZJobLogsQuery = z.object({ level: z.enum(SYNC_LOG_LEVELS).optional() });
export const ZJobLogsResponse = z.object({
  success: z.literal(true),
  data: z.object({ logs: z.array(ZSyncLog) }),
});

/** At most this many rows per side in a data sample. */
export const SAMPLE_ROWS = 100;

export const ZSamplesQuery = z.object({ search: ZLine().trim().max(100).optional() });

const ZSampleRow = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

export const ZSamplesResponse = z.object({
  success: z.literal(true),
  data: z.object({
    job_id: z.string(),
    mysql_table: z.string(),
    /** The rows are ordered by these and paired on them side by side. */
    key_columns: z.array(z.string()),
    columns: z.array(z.string()),
    search: z.string().nullable(),
    source: z.object({ count: z.number(), rows: z.array(ZSampleRow) }),
    destination: z.object({ count: z.number(), rows: z.array(ZSampleRow) }),
    /** source count minus destination count (whole tables, not the sample). */
    difference: z.number(),
  }),
});
export type TSamples = z.infer<typeof ZSamplesResponse>['data'];

// ---------------------------------------------------------------- integrity

export const ZIntegrityQuery = z.object({ group_id: ZGroupId });

export const ZIntegrityTable = z.object({
  mysql_table: z.string(),
  warehouse_count: z.number().nullable(),
  portal_count: z.number().nullable(),
  difference: z.number().nullable(),
  /** null when not comparable: an append mapping, or a count that failed. */
  checksum_match: z.boolean().nullable(),
  warehouse_checksum: z.string().nullable(),
  portal_checksum: z.string().nullable(),
  last_sync: z.string().nullable(),
  last_sync_job_id: z.string().nullable(),
  error: z.string().nullable(),
});

export const ZIntegrityResponse = z.object({
  success: z.literal(true),
  group_id: z.string(),
  group_name: z.string(),
  checked_at: z.string(),
  tables: z.array(ZIntegrityTable),
});
export type TIntegrity = z.infer<typeof ZIntegrityResponse>;
