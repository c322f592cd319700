import { Alert } from '../../../components/ui/alert';
import { useControlScheduler } from '../api/control-scheduler';
import { useSchedulerStatus } from '../api/get-scheduler-status';
import { formatDuration } from '../lib/format';
import { buttonClass, panelClass, primaryButtonClass } from '../lib/ui-classes';
import { useDataSync } from './data-sync-context';

/** Running or stopped, uptime, scheduled jobs, the last error, and Start/Stop Scheduler. */
export const SchedulerStatusCard = () => {
  const { canRun } = useDataSync();
  const status = useSchedulerStatus();
  const control = useControlScheduler();
  const running = status.data?.running ?? false;
  return (
    <section aria-labelledby="scheduler-title" className={panelClass}>
      <h2 id="scheduler-title" className="mb-3 text-lg font-semibold text-slate-900">
        Scheduler Status
      </h2>
      {status.isError ? (
        <Alert tone="error">Error fetching scheduler status: {status.error.message}</Alert>
      ) : status.isPending ? (
        <p className="text-sm text-slate-600">Loading scheduler status...</p>
      ) : (
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-600">Status</dt>
          <dd
            data-testid="scheduler-state"
            className={`font-semibold ${running ? 'text-green-800' : 'text-slate-800'}`}
          >
            {running ? 'Running' : 'Stopped'}
          </dd>
          <dt className="text-slate-600">Uptime</dt>
          <dd>{running ? formatDuration(status.data.uptime * 1000) : '-'}</dd>
          <dt className="text-slate-600">Scheduled jobs</dt>
          <dd data-testid="scheduled-jobs">{status.data.scheduled_jobs}</dd>
          <dt className="text-slate-600">Time zone</dt>
          <dd>{status.data.timezone}</dd>
          {status.data.error && (
            <>
              <dt className="text-slate-600">Error</dt>
              <dd className="text-red-800">{status.data.error}</dd>
            </>
          )}
        </dl>
      )}
      {control.isError && <Alert tone="error">{control.error.message}</Alert>}
      {canRun && status.data && (
        <button
          type="button"
          className={`${running ? buttonClass : primaryButtonClass} mt-4`}
          disabled={control.isPending}
          onClick={() => control.mutate(running ? 'stop' : 'start')}
        >
          {running ? 'Stop Scheduler' : 'Start Scheduler'}
        </button>
      )}
    </section>
  );
};
