import { Alert } from '../../../components/ui/alert';
import type { useTrackedJobs } from '../hooks/use-tracked-jobs';
import { SYNC_BANNERS } from '../lib/tracked-jobs';
import { buttonClass, panelClass } from '../lib/ui-classes';
import { JobProgressRow } from './job-progress-row';

/** Running and finished jobs with their progress, Clear Completed and the end banner. */
export const JobsPanel = ({ tracked }: { tracked: ReturnType<typeof useTrackedJobs> }) => {
  const { jobs, banner, clearCompleted, loading, error } = tracked;
  const finished = jobs.some((job) => job.status !== 'running');
  return (
    <section aria-labelledby="jobs-title" className={panelClass}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="jobs-title" className="text-lg font-semibold text-slate-900">
          Sync Jobs
        </h2>
        <button type="button" className={buttonClass} disabled={!finished} onClick={clearCompleted}>
          Clear Completed
        </button>
      </div>
      {banner && (
        <Alert tone={banner === 'failure' ? 'error' : 'success'}>{SYNC_BANNERS[banner]}</Alert>
      )}
      {error && <Alert tone="error">Error fetching job status: {error.message}</Alert>}
      {jobs.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">
          {loading
            ? 'Loading sync jobs...'
            : 'No sync jobs running. Start a sync from a group below.'}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Sync jobs">
          {jobs.map((job) => (
            <JobProgressRow key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
};
