import { z } from 'zod';
import { SYNC_ERROR_CATEGORIES } from './sync-errors';
import { SYNC_JOB_STATUSES, SYNC_JOB_TYPES, SYNC_LOG_LEVELS, SYNC_MODES } from './sync-job';
import { ZSyncGroup, type TMappingInput } from './sync-mapping';
import { ZLine } from './text';

/**
 * The data-sync console's API (issue 12), every route under /api/data-sync. Field
 * names are the spec's (staff-tools.md sections 3, 7 and 9); times are ISO 8601 strings.
 * Bodies whose mappings must answer with the spec's validation messages take those
 * fields as unknown on the wire: the server runs validateMapping (sync-mapping.ts) on
 * them, so a client sees 'Operations array cannot be empty...' rather than zod's text.
 */
import { ZGroupId } from './data-sync-schedule-api';

// ---------------------------------------------------------------- groups and runs

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
  /**
   * Set by the editor's New group and Duplicate: the id must be free, so a new group
   * never overwrites one a colleague made (409 'A sync group with id "x" already exists').
   */
  create: z.boolean().default(false),
});
export type TSaveGroupBody = {
  group: { id: string; name: string; description?: string; mappings: TMappingInput[] };
  create?: boolean;
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

/** A retry wait: when the next attempt starts (ISO), and which retry of how many it is. */
export const ZRetryWait = z.object({
  retry_at: z.string(),
  attempt: z.number().int(),
  attempts: z.number().int(),
});
export type TRetryWait = z.infer<typeof ZRetryWait>;

export const ZSyncJob = z.object({
  id: z.string(),
  /** What an operator calls the run: 'Full sync › orders'; a group run by its group's name. */
  name: z.string(),
  /** The group's name (null for an ad-hoc mapping run). */
  group_name: z.string().nullable(),
  /** The portal tables it fills: its mapping's, or for a group run every mapping's. */
  destination_tables: z.array(z.string()),
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
  /** Who asked to cancel the running job; it ends failed soon after. */
  cancel_requested_by: z.string().nullable(),
  /** While it waits to try again after a connection failure: 'Retry 1 of 3 in 4:32'. */
  retry_wait: ZRetryWait.nullable().optional(),
  /**
   * Issue 33, an incremental mapping's run; for a group run its incremental mappings'
   * combined (sync-job.ts groupIncrement). Null for other jobs and runs that did not finish.
   */
  sync_mode: z
    .enum(SYNC_MODES)
    .nullable()
    .optional()
    .describe(
      "An incremental mapping's run: 'incremental' (the changes since its high-water mark) or 'full' (the whole table reloaded); a group run: 'full' when any of its incremental mappings reloaded in full. Null for jobs of other mappings.",
    ),
  incremental_since: z
    .string()
    .nullable()
    .optional()
    .describe(
      "The high-water mark an incremental run read the changes after, as the warehouse writes it ('2026-11-25 13:02:11.123', UTC); a group run: the earliest of its mappings'. Null on a full reload.",
    ),
  rows_changed: z
    .number()
    .nullable()
    .optional()
    .describe(
      "Keys an incremental run deleted or upserted (a full reload: every row loaded); a group run: its mappings' summed.",
    ),
});
export type TSyncJob = z.infer<typeof ZSyncJob>;

/** A group as the console lists it, with its newest run (running or ended), if any. */
export const ZSyncGroupWithRun = ZSyncGroup.extend({ last_job: ZSyncJob.nullable() });
export type TSyncGroupWithRun = z.infer<typeof ZSyncGroupWithRun>;

export const ZSyncGroupsResponse = z.object({
  success: z.literal(true),
  groups: z.array(ZSyncGroupWithRun),
});

export const ZCancelResponse = z.object({ success: z.literal(true), message: z.string() });

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
