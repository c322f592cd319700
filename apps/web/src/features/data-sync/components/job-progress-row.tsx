import { Button } from '../../../components/ui/button';
import { CardListItem } from '../../../components/ui/card-list';
import type { TTrackedJob } from '../hooks/use-tracked-jobs';
import { failureDialog, progressPercent, shortJobId } from '../lib/format';
import { destinationLabel } from '../lib/labels';
import { plural, runRows, runTone, runningLine } from '../lib/runs';
import { CancelJobButton } from './cancel-job-button';
import { useDataSync } from './data-sync-context';
import { JobIncrement } from './job-increment';
import { ProgressBar, StatusBadge } from './status-badge';

/** One job of the panel: its name, tables, status, progress bar, rows; Details, Cancel, help. */
export const JobProgressRow = ({ job }: { job: TTrackedJob }) => {
  const { openDialog } = useDataSync();
  const percent = progressPercent(job.progress);
  const failure = failureDialog(job);
  const running = job.status === 'running';
  return (
    <CardListItem data-testid="tracked-job">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{job.name}</p>
          <p className="text-sm text-slate-600">
            {destinationLabel(job)} · {plural(runRows(job), 'row')}
          </p>
          <JobIncrement job={job} />
          <p className="text-xs text-slate-600">
            Job{' '}
            <span className="font-mono" title={job.id}>
              {shortJobId(job.id)}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={job.status} />
          <Button
            size="sm"
            aria-label={`Details of ${job.name}`}
            onClick={() => openDialog({ kind: 'details', jobId: job.id })}
          >
            Details
          </Button>
          <CancelJobButton job={job} />
          {failure && (
            <Button
              size="sm"
              onClick={() =>
                failure === 'case_fixer' && job.group_id
                  ? openDialog({ kind: 'fixer', groupId: job.group_id, jobId: job.id })
                  : openDialog({ kind: 'error', jobId: job.id })
              }
            >
              {failure === 'case_fixer' ? 'Fix Case Sensitivity' : 'View Error'}
            </Button>
          )}
        </div>
      </div>
      <div className="mt-2 flex items-center gap-3">
        <ProgressBar value={percent} label={`Progress of ${job.name}`} tone={runTone(job.status)} />
        <span className="w-12 shrink-0 text-right text-sm text-slate-700">{percent}%</span>
      </div>
      {running && <p className="sr-only">{runningLine(job)}</p>}
    </CardListItem>
  );
};
