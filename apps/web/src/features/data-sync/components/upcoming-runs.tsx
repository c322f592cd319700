import { formatDateTime } from '@portal/domain/format';
import { EmptyState } from '../../../components/ui/empty-state';
import { Panel } from '../../../components/ui/panel';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useSchedulerStatus } from '../api/get-scheduler-status';
import { NONE } from '../lib/format';

/** The scheduler's next runs: group, when, and the schedule in words. */
export const UpcomingRuns = () => {
  const status = useSchedulerStatus();
  const runs = status.data?.next_scheduled_runs ?? [];
  return (
    <Panel aria-labelledby="upcoming-title">
      <h2 id="upcoming-title" className="mb-3 text-lg font-semibold text-slate-900">
        Upcoming Runs
      </h2>
      {status.isPending ? (
        <SkeletonRows rows={3} label="Loading upcoming runs..." rowClassName="h-11" />
      ) : status.isError ? (
        <p className="text-sm text-slate-600">
          Upcoming runs are unavailable while the status cannot be read.
        </p>
      ) : runs.length === 0 ? (
        <EmptyState
          title={
            status.data.running ? 'No runs scheduled' : 'The scheduler is stopped: nothing will run'
          }
        />
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Upcoming runs">
          {runs.map((run) => (
            <li key={run.schedule_id} data-testid="upcoming-run" className="py-2">
              <p className="font-medium text-slate-900">{run.group_name}</p>
              <p className="text-slate-600">
                {formatDateTime(run.next_run, NONE)} · {run.interval}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
};
