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

/**
 * How an incremental mapping's run read the warehouse (issue 33): the changes since its
 * high-water mark, or the whole table again (first run, mapping changed, reload asked for).
 * Jobs of other mappings have none.
 */
export const SYNC_MODES = ['incremental', 'full'] as const;
export type TSyncMode = (typeof SYNC_MODES)[number];

export type TSyncIncrement = {
  mode: TSyncMode;
  /** The mark the run started from; null on a full reload. */
  since: string | null;
  rowsChanged: number;
};

/**
 * A group run's increment from its mappings' (those that ran incrementally and finished):
 * 'full' when any of them reloaded in full, so a group run never reads as cheaper than it
 * was; since the earliest mark among the incremental ones (the group holds every change
 * after it); rows changed summed. Null when none of its mappings is incremental.
 */
export const groupIncrement = (
  children: readonly (TSyncIncrement | null | undefined)[],
): TSyncIncrement | null => {
  const known = children.filter((child): child is TSyncIncrement => Boolean(child));
  if (known.length === 0) {
    return null;
  }
  const marks = known.flatMap((child) => (child.since === null ? [] : [child.since]));
  return {
    mode: known.some((child) => child.mode === 'full') ? 'full' : 'incremental',
    // Marks are the warehouse's timestamp text, one format: text order is time order.
    since: marks.reduce<string | null>(
      (min, mark) => (min === null || mark < min ? mark : min),
      null,
    ),
    rowsChanged: known.reduce((sum, child) => sum + child.rowsChanged, 0),
  };
};

/**
 * A high-water mark as an instant. Marks are the warehouse's timestamp text without a zone
 * ('2026-11-25 13:02:11.123'); the ERP writes LASTMODIFIED in UTC, so it is read as UTC.
 * Undefined for text that is not such a timestamp (then show it as it is).
 */
export const markInstant = (mark: string): Date | undefined => {
  const match =
    /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(
      mark.trim(),
    );
  if (!match) {
    return undefined;
  }
  // Milliseconds at most: Date reads no finer, and microseconds would not parse.
  const time = match[2]!.replace(/(\.\d{3})\d+$/, '$1');
  const date = new Date(`${match[1]}T${time}${match[3] ?? 'Z'}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
};
