import { useEffect, useRef } from 'react';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { toast } from '../../../components/ui/toast';
import { runEndToast } from '../lib/runs';

/**
 * A toast when a run seen running ends, once per run, whichever tab the operator is on:
 * the console watches the jobs it polls (the panel's and each group's newest run). A run
 * whose failure opened its own dialog (`toldByDialog`) gets no toast: the dialog says more,
 * and a toast above it would take the dialog's Escape.
 */
export const useRunEndToasts = (
  jobs: readonly TSyncJob[],
  openDetails: (jobId: string) => void,
  toldByDialog: (job: TSyncJob) => boolean = () => false,
) => {
  const seenRunning = useRef(new Set<string>());
  const told = useRef(new Set<string>());
  const statuses = jobs.map((job) => `${job.id}:${job.status}`).join(',');
  useEffect(() => {
    for (const job of jobs) {
      if (job.status === 'running') {
        seenRunning.current.add(job.id);
      } else if (seenRunning.current.has(job.id) && !told.current.has(job.id)) {
        told.current.add(job.id);
        if (toldByDialog(job)) {
          continue;
        }
        toast({
          ...runEndToast(job),
          action: { label: 'View details', onClick: () => openDetails(job.id) },
        });
      }
    }
    // statuses stands for jobs: it changes exactly when a status does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statuses]);
};
