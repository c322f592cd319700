import type { TSyncJob } from '@portal/domain/data-sync-api';
import { Button } from '../../../components/ui/button';
import { isFailure, progressPercent } from '../lib/format';
import { lastRunLine, runEnding, runTone, runningLine } from '../lib/runs';
import { CancelJobButton } from './cancel-job-button';
import { useDataSync } from './data-sync-context';
import { JobIncrement } from './job-increment';
import { ProgressBar, StatusBadge } from './status-badge';

/**
 * A group's run on its card: while one runs, its own progress bar with rows and percent;
 * then the last run (time, result, rows, duration, and for incremental mappings how it read
 * the warehouse) until the next one starts.
 */
export const GroupRunStatus = ({ groupName, job }: { groupName: string; job: TSyncJob | null }) => {
  const { openDialog } = useDataSync();
  if (!job) {
    return (
      <p data-testid="group-run" className="mt-2 text-sm text-slate-600">
        Not run yet
      </p>
    );
  }
  const running = job.status === 'running';
  return (
    <div data-testid="group-run" className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={job.status} />
        <span className="text-slate-700" aria-live="polite">
          {running ? runningLine(job) : lastRunLine(job)}
        </span>
      </div>
      {!running && <JobIncrement job={job} />}
      {running ? (
        <ProgressBar
          value={progressPercent(job.progress)}
          label={`Progress of ${groupName}`}
          tone={runTone(job.status)}
        />
      ) : (
        isFailure(job.status) && (
          <p className="text-red-800">The last run {runEnding(job.status)}.</p>
        )
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="link"
          size="sm"
          aria-label={`${running ? 'Details of the run' : 'Details of the last run'} of ${groupName}`}
          onClick={() => openDialog({ kind: 'details', jobId: job.id })}
        >
          {running ? 'Details' : 'Details of the last run'}
        </Button>
        <CancelJobButton job={job} />
      </div>
    </div>
  );
};
