import { useId, useState } from 'react';
import { SYNC_LOG_LEVELS } from '@portal/domain/sync-job';
import { Alert } from '../../../components/ui/alert';
import { useJobLogs, type TLogLevelFilter } from '../api/get-job-logs';
import { formatDateTime } from '../lib/format';
import { linkButtonClass, selectClass, tableClass, tdClass, thClass } from '../lib/ui-classes';

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
        <div>
          <label htmlFor={levelId} className="mb-1 block text-xs font-medium text-slate-600">
            Level
          </label>
          <select
            id={levelId}
            className={selectClass}
            value={level}
            onChange={(event) => setLevel(event.target.value as TLogLevelFilter)}
          >
            {(['all', ...SYNC_LOG_LEVELS] as const).map((value) => (
              <option key={value} value={value}>
                {LEVEL_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={`${linkButtonClass} mb-2`}
          onClick={() => void logs.refetch()}
        >
          Refresh
        </button>
        {running && (
          <label className="mb-2 flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={autoRefresh}
              onChange={(event) => onAutoRefresh(event.target.checked)}
            />
            Auto-refresh
          </label>
        )}
      </div>
      {logs.isError ? (
        <Alert tone="error">Error fetching logs: {logs.error.message}</Alert>
      ) : rows.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">
          {logs.isPending ? 'Loading logs...' : 'No log entries'}
        </p>
      ) : (
        <div
          className="max-h-72 overflow-auto rounded-lg border border-slate-200"
          tabIndex={0}
          aria-label="Log entries"
        >
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Time
                </th>
                <th scope="col" className={thClass}>
                  Level
                </th>
                <th scope="col" className={thClass}>
                  Message
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((log, index) => (
                <tr key={`${log.timestamp}-${index}`} data-testid="log-row">
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {formatDateTime(log.timestamp)}
                  </td>
                  <td className={`${tdClass} capitalize`}>{log.level}</td>
                  <td className={`${tdClass} break-words`}>{log.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
