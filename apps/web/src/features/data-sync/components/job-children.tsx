import type { TSyncJob } from '@portal/domain/data-sync-api';
import { Button } from '../../../components/ui/button';
import { progressPercent, shortJobId } from '../lib/format';
import { plural, runRows } from '../lib/runs';
import { destinationLabel } from '../lib/labels';
import { useDataSync } from './data-sync-context';
import { JobIncrement } from './job-increment';
import { StatusBadge } from './status-badge';

/** A group run's mapping jobs, each with its own Details (where samples live). */
export const JobChildren = ({ jobs }: { jobs: readonly TSyncJob[] }) => {
  const { openDialog } = useDataSync();
  if (jobs.length === 0) {
    return null;
  }
  return (
    <section aria-labelledby="children-title">
      <h3 id="children-title" className="mb-2 font-semibold text-slate-900">
        Mapping jobs ({jobs.length})
      </h3>
      <ul className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {jobs.map((child) => (
          <li
            key={child.id}
            data-testid="child-job"
            className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm"
          >
            <span className="font-mono" title={child.id}>
              {shortJobId(child.id)}
            </span>
            <span className="min-w-24 flex-1 font-medium">{destinationLabel(child)}</span>
            <span>{plural(runRows(child), 'row')}</span>
            <JobIncrement job={child} className="inline" />
            <span>{progressPercent(child.progress)}%</span>
            <StatusBadge status={child.status} />
            <Button
              size="sm"
              aria-label={`Details of ${child.mysql_table ?? child.destination}`}
              onClick={() => openDialog({ kind: 'details', jobId: child.id })}
            >
              Details
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
};
