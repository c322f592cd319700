import type { TSyncJob } from '@portal/domain/data-sync-api';
import { formatDateTime } from '@portal/domain/format';
import { markInstant } from '@portal/domain/sync-job';
import type { TToastInput } from '../../../components/ui/toast';
import { formatDuration, isFailure, progressPercent } from './format';

/** '1 order', '2 orders', '1,204 rows': a count with its noun agreeing. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The colour a run's progress bar takes: blue while it runs, then what its end means. */
export type TRunTone = 'blue' | 'green' | 'red' | 'grey';

export const runTone = (status: TSyncJob['status']): TRunTone => {
  if (status === 'running') {
    return 'blue';
  }
  if (status === 'completed') {
    return 'green';
  }
  return isFailure(status) ? 'red' : 'grey';
};

/** Rows so far while a run goes, rows loaded once it ended. */
export const runRows = (job: Pick<TSyncJob, 'status' | 'rows_inserted' | 'rows_processed'>) =>
  job.status === 'running' ? job.rows_processed : job.rows_inserted;

type TIncrementFields = Partial<Pick<TSyncJob, 'sync_mode' | 'incremental_since' | 'rows_changed'>>;

/**
 * How an incremental mapping's run read the warehouse (issue 33): 'incremental since
 * 11/25/2026, 1:02 PM' (its mark, read as UTC, in the viewer's time) or 'full reload';
 * undefined for other jobs. A mark that is not a timestamp shows as it is.
 */
export const syncModeText = (job: TIncrementFields): string | undefined => {
  if (job.sync_mode === 'full') {
    return 'full reload';
  }
  if (job.sync_mode !== 'incremental') {
    return undefined;
  }
  const since = job.incremental_since;
  if (!since) {
    return 'incremental';
  }
  const instant = markInstant(since);
  return `incremental since ${instant ? formatDateTime(instant) : since}`;
};

/** '1,204 rows changed' by an incremental mapping's run; undefined for other jobs. */
export const rowsChangedText = (job: TIncrementFields): string | undefined =>
  job.rows_changed === null || job.rows_changed === undefined
    ? undefined
    : `${plural(job.rows_changed, 'row')} changed`;

/** A job's status as the sentence after its name: 'completed', 'ended partial'. */
const ENDINGS: Record<string, string> = {
  completed: 'completed',
  failed: 'failed',
  partial: 'ended partial: some mappings failed',
  cancelled: 'was cancelled',
};
export const runEnding = (status: string) => ENDINGS[status] ?? status;

/** A cancel is on record and the job has not stopped yet. */
export const isCancelling = (job: Pick<TSyncJob, 'status' | 'cancel_requested_by'>) =>
  job.status === 'running' && job.cancel_requested_by !== null;

/** A figure that never breaks across lines ('184,878 rows', '46 s'). */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** What the card says beside its Running badge: '45% · 1,204 rows' ('Cancelling… · …'). */
export const runningLine = (job: TSyncJob) =>
  [
    ...(isCancelling(job) ? ['Cancelling…'] : []),
    `${progressPercent(job.progress)}%`,
    unbroken(plural(runRows(job), 'row')),
  ].join(' · ');

/** The lasting result on a group's card: 'Last run 11/25/2026 1:24 PM · 184,878 rows · 46 s'. */
export const lastRunLine = (job: TSyncJob) =>
  [
    `Last run ${formatDateTime(job.end_time ?? job.start_time)}`,
    unbroken(plural(job.rows_inserted, 'row')),
    unbroken(formatDuration(job.duration_ms)),
  ].join(' · ');

/** The toast a run's end raises: its name and how it ended, then rows and time. */
export const runEndToast = (job: TSyncJob): TToastInput => ({
  title: `${job.name} ${runEnding(job.status)}`,
  description: `${plural(job.rows_inserted, 'row')} · ${formatDuration(job.duration_ms)}`,
  tone: job.status === 'completed' ? 'success' : isFailure(job.status) ? 'error' : 'info',
});
