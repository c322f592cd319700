import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardList } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { Panel } from '../../../components/ui/panel';
import { SkeletonRows } from '../../../components/ui/skeleton';
import type { useTrackedJobs } from '../hooks/use-tracked-jobs';
import { SYNC_BANNERS } from '../lib/tracked-jobs';
import { JobProgressRow } from './job-progress-row';

/** Running and finished jobs with their progress, Clear Completed and the end banner. */
export const JobsPanel = ({ tracked }: { tracked: ReturnType<typeof useTrackedJobs> }) => {
  const { jobs, banner, clearCompleted, loading, error } = tracked;
  const finished = jobs.some((job) => job.status !== 'running');
  return (
    <Panel aria-labelledby="jobs-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="jobs-title" className="text-lg font-semibold text-slate-900">
          Sync Jobs
        </h2>
        <Button disabled={!finished} onClick={clearCompleted}>
          Clear Completed
        </Button>
      </div>
      {banner && (
        <Alert tone={banner === 'failure' ? 'error' : 'success'}>{SYNC_BANNERS[banner]}</Alert>
      )}
      {error && <Alert tone="error">Error fetching job status: {error.message}</Alert>}
      {jobs.length > 0 ? (
        <CardList responsive={false} aria-label="Sync jobs">
          {jobs.map((job) => (
            <JobProgressRow key={job.id} job={job} />
          ))}
        </CardList>
      ) : loading ? (
        <SkeletonRows rows={1} label="Loading sync jobs..." rowClassName="h-20 rounded-xl" />
      ) : (
        <EmptyState
          title="No sync jobs running"
          text="Start a sync from a group below; its progress shows here."
        />
      )}
    </Panel>
  );
};
