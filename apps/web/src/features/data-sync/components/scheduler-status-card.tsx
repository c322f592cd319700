import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Panel } from '../../../components/ui/panel';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useControlScheduler } from '../api/control-scheduler';
import { useSchedulerStatus } from '../api/get-scheduler-status';
import { formatDuration } from '../lib/format';
import { useDataSync } from './data-sync-context';

/** Running or stopped, uptime, scheduled jobs, the last error, and Start/Stop Scheduler. */
export const SchedulerStatusCard = () => {
  const { canRun } = useDataSync();
  const status = useSchedulerStatus();
  const control = useControlScheduler();
  const running = status.data?.running ?? false;
  return (
    <Panel aria-labelledby="scheduler-title">
      <h2 id="scheduler-title" className="mb-3 text-lg font-semibold text-slate-900">
        Scheduler Status
      </h2>
      {status.isError ? (
        <ErrorState
          title={`Error fetching scheduler status: ${status.error.message}`}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : status.isPending ? (
        <SkeletonRows rows={4} label="Loading scheduler status..." rowClassName="h-5" />
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
        <Button
          variant={running ? 'secondary' : 'primary'}
          className="mt-4"
          disabled={control.isPending}
          onClick={() => control.mutate(running ? 'stop' : 'start')}
        >
          {running ? 'Stop Scheduler' : 'Start Scheduler'}
        </Button>
      )}
    </Panel>
  );
};
