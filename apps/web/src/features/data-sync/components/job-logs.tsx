import { useId, useState } from 'react';
import { formatDateTime } from '@portal/domain/format';
import { SYNC_LOG_LEVELS } from '@portal/domain/sync-job';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';
import { useJobLogs, type TLogLevelFilter } from '../api/get-job-logs';
import { NONE } from '../lib/format';

const LEVEL_LABELS: Record<TLogLevelFilter, string> = {
  all: 'All',
  info: 'Info',
  warning: 'Warning',
  error: 'Error',
  debug: 'Debug',
};

type TJobLogsProps = {
  jobId: string;
  running: boolean;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
};

/** The log table with its level filter, Refresh, and Auto-refresh (every 3 s) while running. */
export const JobLogs = ({ jobId, running, autoRefresh, onAutoRefresh }: TJobLogsProps) => {
  const [level, setLevel] = useState<TLogLevelFilter>('all');
  const levelId = useId();
  const logs = useJobLogs(jobId, level, running && autoRefresh);
  const rows = logs.data?.data.logs ?? [];
  return (
    <section aria-labelledby={`${levelId}-title`}>
      <div className="mb-2 flex flex-wrap items-end gap-3">
        <h3 id={`${levelId}-title`} className="mr-auto font-semibold text-slate-900">
          Logs
        </h3>
        <Field id={levelId} label="Level">
          {(control) => (
            <Select
              {...control}
              className="w-36"
              value={level}
              onChange={(event) => setLevel(event.target.value as TLogLevelFilter)}
            >
              {(['all', ...SYNC_LOG_LEVELS] as const).map((value) => (
                <option key={value} value={value}>
                  {LEVEL_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button variant="link" className="mb-2.5" onClick={() => void logs.refetch()}>
          Refresh
        </Button>
        {running && (
          <Checkbox
            className="mb-2.5"
            label="Auto-refresh"
            checked={autoRefresh}
            onCheckedChange={(checked) => onAutoRefresh(checked === true)}
          />
        )}
      </div>
      {logs.isError ? (
        <ErrorState
          title={`Error fetching logs: ${logs.error.message}`}
          onRetry={() => void logs.refetch()}
          retrying={logs.isFetching}
        />
      ) : logs.isPending ? (
        <SkeletonRows rows={3} label="Loading logs..." rowClassName="h-8" />
      ) : rows.length === 0 ? (
        <EmptyState title="No log entries" />
      ) : (
        <div
          className="max-h-72 overflow-auto rounded-lg border border-slate-200"
          tabIndex={0}
          role="region"
          aria-label="Log entries"
        >
          <Table wrapperClassName="overflow-visible">
            <THead>
              <TR>
                <TH>Time</TH>
                <TH>Level</TH>
                <TH>Message</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((log, index) => (
                <TR key={`${log.timestamp}-${index}`} data-testid="log-row">
                  <TD className="align-top whitespace-nowrap">
                    {/* The minute is shown; the exact instant is a hover away. */}
                    <time dateTime={log.timestamp} title={log.timestamp}>
                      {formatDateTime(log.timestamp, NONE)}
                    </time>
                  </TD>
                  <TD className="align-top capitalize">{log.level}</TD>
                  <TD className="align-top break-words">{log.message}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      )}
    </section>
  );
};
