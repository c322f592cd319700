import type { TSyncJob } from '@portal/domain/data-sync-api';
import { isFailure, isFinished } from './format';

/** Finished jobs leave the panel this long after everything has finished (section 9). */
export const CLEAR_FINISHED_AFTER_MS = 5_000;

export const SYNC_BANNERS = {
  success: 'All sync jobs completed successfully.',
  failure: 'Some sync jobs failed. Check job history for details.',
} as const;

/**
 * The panel's banner: none while anything runs or nothing is tracked; once every
 * tracked job has finished, failure if any failed or ended partial, else success.
 */
export const panelBanner = (
  jobs: readonly Pick<TSyncJob, 'status'>[],
): keyof typeof SYNC_BANNERS | undefined => {
  if (jobs.length === 0 || jobs.some((job) => !isFinished(job.status))) {
    return undefined;
  }
  return jobs.some((job) => isFailure(job.status)) ? 'failure' : 'success';
};

/** Ids in the panel: newly started ones first, each once. */
export const addTracked = (ids: readonly string[], id: string) =>
  ids.includes(id) ? ids : [id, ...ids];

/** 'Clear Completed': keeps only what still runs (or is not loaded yet). */
export const keepRunning = (
  ids: readonly string[],
  statusOf: (id: string) => TSyncJob['status'] | undefined,
) =>
  ids.filter((id) => {
    const status = statusOf(id);
    return status === undefined || !isFinished(status);
  });
