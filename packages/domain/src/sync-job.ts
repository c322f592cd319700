/** Sync job vocabulary (staff-tools.md sections 3 and 4), shared by the engine and the console. */

export const SYNC_JOB_TYPES = ['snowpark_dataframe', 'snowpark_query', 'group'] as const;
export type TSyncJobType = (typeof SYNC_JOB_TYPES)[number];

/**
 * skipped: a scheduled slot that did not run (its group was still running, or it could
 * not start); the job row records the slot and why, so Job History shows it (issue 31).
 * cancelled: stopped by a user's Cancel (issue 31); the load rolled back, nothing failed.
 */
export const SYNC_JOB_STATUSES = [
  'running',
  'completed',
  'failed',
  'partial',
  'skipped',
  'cancelled',
] as const;
export type TSyncJobStatus = (typeof SYNC_JOB_STATUSES)[number];

export const SYNC_LOG_LEVELS = ['info', 'warning', 'error', 'debug'] as const;
export type TSyncLogLevel = (typeof SYNC_LOG_LEVELS)[number];

/** The id of the group that runs every default mapping in dependency order. */
export const DEFAULT_FULL_SYNC_GROUP_ID = 'default_full_sync';
/** Every default mapping reloaded in full, the incremental ones too (issue 33). */
export const DEFAULT_FULL_RELOAD_GROUP_ID = 'default_full_reload';

/** The job type a mapping of the given type runs as. */
export const jobTypeOfMapping = (mappingType: string): TSyncJobType =>
  mappingType === 'snowpark_dataframe' ? 'snowpark_dataframe' : 'snowpark_query';

/**
 * How a group run ends. The spec: completed when every mapping ran, partial when
 * some failed. We add failed for a run where nothing succeeded, so a dead
 * warehouse does not read as a half-success.
 */
export const groupRunStatus = (childStatuses: readonly TSyncJobStatus[]): TSyncJobStatus => {
  if (childStatuses.includes('cancelled')) {
    return 'cancelled';
  }
  const failed = childStatuses.filter((status) => status !== 'completed').length;
  if (childStatuses.length === 0 || failed === childStatuses.length) {
    return 'failed';
  }
  return failed === 0 ? 'completed' : 'partial';
};
