import { useQueries } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { getJobQueryOptions } from '../api/get-job';
import { useJobs } from '../api/get-jobs';
import { CLEAR_FINISHED_AFTER_MS, addTracked, keepRunning, panelBanner } from '../lib/tracked-jobs';

export type TTrackedJob = TSyncJob & { children: TSyncJob[] };

/**
 * The jobs panel: jobs started here (and group runs found running on arrival), each
 * polled every 3 s while it runs. Once all have finished a banner shows, and 5 s later
 * (or at the next start) the finished jobs and the banner go. `onFailed` hears of a job seen running that failed.
 */
export const useTrackedJobs = (onFailed: (job: TTrackedJob) => void) => {
  const [started, setStarted] = useState<readonly string[]>([]);
  const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set());
  const running = useJobs({ page: 1, status: 'running' });
  const seenRunning = useRef(new Set<string>());
  const reported = useRef(new Set<string>());

  // Started here, then whatever was already running on arrival; minus what was cleared.
  const ids = useMemo(
    () =>
      (running.data?.jobs ?? [])
        .reduce((all, job) => (all.includes(job.id) ? all : [...all, job.id]), started)
        .filter((id) => !cleared.has(id)),
    [running.data, started, cleared],
  );

  const results = useQueries({ queries: ids.map((id) => getJobQueryOptions(id)) });
  const jobs = results.flatMap((result) => (result.data ? [result.data.data] : []));
  const statuses = jobs.map((job) => `${job.id}:${job.status}`).join(',');
  const banner = panelBanner(jobs.length === ids.length ? jobs : [...jobs, { status: 'running' }]);

  useEffect(() => {
    for (const job of jobs) {
      if (job.status === 'running') {
        seenRunning.current.add(job.id);
      } else if (seenRunning.current.has(job.id) && !reported.current.has(job.id)) {
        reported.current.add(job.id);
        if (job.status === 'failed' || job.status === 'partial') {
          onFailed(job);
        }
      }
    }
    // statuses stands for jobs: it changes exactly when a status does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statuses]);

  const statusOf = useCallback((id: string) => jobs.find((job) => job.id === id)?.status, [jobs]);
  const clearCompleted = useCallback(() => {
    const keep = new Set(keepRunning(ids, statusOf));
    setCleared((current) => new Set([...current, ...ids.filter((id) => !keep.has(id))]));
  }, [ids, statusOf]);

  useEffect(() => {
    if (!banner) {
      return undefined;
    }
    const timer = setTimeout(clearCompleted, CLEAR_FINISHED_AFTER_MS);
    return () => clearTimeout(timer);
    // Re-armed only when the banner appears, not at every poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [banner]);

  const track = useCallback(
    (id: string) => {
      // A new start begins a new batch: the banner must speak of it, not of an earlier
      // run's failure still on show, so finished jobs go as with 'Clear Completed'.
      clearCompleted();
      // Started here: its failure is news even if it failed before the first poll.
      seenRunning.current.add(id);
      setStarted((current) => addTracked(current, id));
      setCleared((current) => new Set([...current].filter((other) => other !== id)));
    },
    [clearCompleted],
  );
  const loading = results.some((result) => result.isPending);
  const error = results.find((result) => result.isError)?.error;
  return useMemo(
    () => ({ jobs, banner, track, clearCompleted, loading, error }),
    [jobs, banner, track, clearCompleted, loading, error],
  );
};
