import { Button } from '../../../components/ui/button';
import { CardListItem } from '../../../components/ui/card-list';
import type { TTrackedJob } from '../hooks/use-tracked-jobs';
import { failureDialog, formatCount, progressPercent, shortJobId } from '../lib/format';
import { destinationLabel } from '../lib/labels';
import { useDataSync } from './data-sync-context';
import { ProgressBar, StatusBadge } from './status-badge';

/** One job of the panel: id, destination, status, progress bar, rows; Details and, if failed, help. */
export const JobProgressRow = ({ job }: { job: TTrackedJob }) => {
  const { openDialog } = useDataSync();
  const percent = progressPercent(job.progress);
  const failure = failureDialog(job);
  return (
    <CardListItem data-testid="tracked-job">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm text-slate-900" title={job.id}>
            {shortJobId(job.id)}
          </p>
          <p className="text-sm text-slate-600">
            {destinationLabel(job)} · {formatCount(job.rows_inserted)} rows
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge status={job.status} />
          <Button size="sm" onClick={() => openDialog({ kind: 'details', jobId: job.id })}>
            Details
          </Button>
          {failure && (
            <Button
              size="sm"
              onClick={() =>
                failure === 'case_fixer' && job.group_id
                  ? openDialog({ kind: 'fixer', groupId: job.group_id })
                  : openDialog({ kind: 'error', jobId: job.id })
              }
            >
              {failure === 'case_fixer' ? 'Fix Case Sensitivity' : 'View Error'}
            </Button>
          )}
        </div>
      </div>
      <div className="mt-2 flex items-center gap-3">
        <ProgressBar value={percent} label={`Progress of job ${shortJobId(job.id)}`} />
        <span className="w-12 text-right text-sm text-slate-700">{percent}%</span>
      </div>
    </CardListItem>
  );
};
