import type { TSyncJob } from '@portal/domain/data-sync-api';
import { opensCaseFixer } from '@portal/domain/sync-errors';

/** What a missing count, duration or time shows. */
export const NONE = '-';

/** The spec shows job ids cut to 12 characters (section 9). */
export const JOB_ID_CHARS = 12;
export const shortJobId = (id: string) => id.slice(0, JOB_ID_CHARS);

/** '2 h 5 min', '3 min 12 s', '4 s'; '-' while unknown. */
export const formatDuration = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) {
    return NONE;
  }
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) {
    return `${seconds} s`;
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    return `${minutes} min ${seconds % 60} s`;
  }
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

/** A job's duration: its own when finished, else time so far. */
export const jobDurationMs = (job: Pick<TSyncJob, 'duration_ms' | 'start_time'>, now: number) =>
  job.duration_ms ?? Math.max(0, now - Date.parse(job.start_time));

export const formatCount = (value: number | null | undefined) =>
  value === null || value === undefined ? NONE : value.toLocaleString('en-US');

/** 0-100, whole numbers, for the progress bar. */
export const progressPercent = (progress: number) =>
  Math.min(100, Math.max(0, Math.round(Number.isFinite(progress) ? progress : 0)));

export const isFinished = (status: TSyncJob['status']) => status !== 'running';

/** A finished job that did not fully succeed. */
export const isFailure = (status: TSyncJob['status']) =>
  status === 'failed' || status === 'partial';

type TJobWithChildren = TSyncJob & { children?: readonly TSyncJob[] };

/**
 * The error a failed job is explained by: its own, or for a group run the first failed
 * mapping's (the group's own error only says how many mappings failed).
 */
export const failureOf = (job: TJobWithChildren) =>
  job.children?.find((child) => child.error !== null)?.error ?? job.error;

/** Section 4: 'invalid identifier' or a dict-split message opens the fixer, else the error dialog. */
export const failureDialog = (job: TJobWithChildren): 'case_fixer' | 'sync_error' | undefined => {
  const error = failureOf(job);
  if (!isFailure(job.status) || !error) {
    return undefined;
  }
  return error.category === 'case_sensitivity_error' || opensCaseFixer(error.message)
    ? 'case_fixer'
    : 'sync_error';
};

/** The Copy Details text of the Sync Error dialog. */
export const errorReport = (
  job: Pick<TSyncJob, 'id' | 'destination' | 'source'>,
  error: NonNullable<TSyncJob['error']>,
) =>
  [
    `Job: ${job.id}`,
    `Source: ${job.source}`,
    `Destination: ${job.destination}`,
    `Category: ${error.category}`,
    `Message: ${error.message}`,
    ...(error.details ? [`Details: ${error.details}`] : []),
    ...(error.stack_trace ? [`Stack trace:\n${error.stack_trace}`] : []),
  ].join('\n');

/** Data samples show missing values as NULL (section 2). */
export const sampleCell = (value: string | number | null | undefined) =>
  value === null || value === undefined ? 'NULL' : String(value);
