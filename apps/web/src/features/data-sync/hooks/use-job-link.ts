import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The query parameter a failure alert's link carries: /data-sync?job=<id>. */
export const JOB_LINK_PARAM = 'job';

/**
 * Opens Job Details for the job named in the address (a failure alert's link), once; the
 * parameter is then dropped, so a reload or Back does not open it again.
 */
export const useJobLink = (openDetails: (jobId: string) => void) => {
  const [params, setParams] = useSearchParams();
  const jobId = params.get(JOB_LINK_PARAM);
  useEffect(() => {
    if (!jobId) {
      return;
    }
    openDetails(jobId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(JOB_LINK_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [jobId, openDetails, setParams]);
};
