import { useState } from 'react';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { Alert } from '../../../components/ui/alert';
import { Pager } from '../../../components/ui/pager';
import { useJobs } from '../api/get-jobs';
import {
  formatCount,
  formatDateTime,
  formatDuration,
  jobDurationMs,
  shortJobId,
} from '../lib/format';
import { destinationLabel } from '../lib/labels';
import {
  buttonClass,
  cardClass,
  cardListClass,
  panelClass,
  tableClass,
  tdClass,
  thClass,
} from '../lib/ui-classes';
import { useDataSync } from './data-sync-context';
import { StatusBadge } from './status-badge';

const COLUMNS = ['Job ID', 'Status', 'Destination', 'Started', 'Duration', 'Rows', 'View Details'];

/** Job History: group runs and ad-hoc jobs, newest first, paged, refreshed every 30 s. */
export const JobHistoryTab = () => {
  const { openDialog } = useDataSync();
  const [page, setPage] = useState(1);
  const jobs = useJobs({ page });
  const rows = jobs.data?.jobs ?? [];
  // The time of the last answer: a running job's duration so far, pure during render.
  const now = jobs.dataUpdatedAt;
  const cells = (job: TSyncJob) => [
    <span key="id" className="font-mono" title={job.id}>
      {shortJobId(job.id)}
    </span>,
    <StatusBadge key="status" status={job.status} />,
    destinationLabel(job),
    formatDateTime(job.start_time),
    formatDuration(jobDurationMs(job, now)),
    formatCount(job.rows_inserted),
  ];
  const details = (job: TSyncJob) => (
    <button
      type="button"
      className={buttonClass}
      aria-label={`View Details of job ${shortJobId(job.id)}`}
      onClick={() => openDialog({ kind: 'details', jobId: job.id })}
    >
      View Details
    </button>
  );
  return (
    <section aria-labelledby="history-title" className={panelClass}>
      <h2 id="history-title" className="mb-3 text-lg font-semibold text-slate-900">
        Job History
      </h2>
      {jobs.isError ? (
        <Alert tone="error">Error fetching job history: {jobs.error.message}</Alert>
      ) : jobs.isPending ? (
        <p className="py-6 text-center text-sm text-slate-600" role="status">
          Loading job history...
        </p>
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No sync jobs yet</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className={tableClass} aria-busy={jobs.isPlaceholderData}>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className={thClass}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((job) => (
                  <tr key={job.id} data-testid="history-row">
                    {cells(job).map((cell, index) => (
                      <td key={index} className={tdClass}>
                        {cell}
                      </td>
                    ))}
                    <td className={tdClass}>{details(job)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className={cardListClass} aria-label="Jobs">
            {rows.map((job) => (
              <li key={job.id} className={cardClass}>
                <dl className="mb-2 grid grid-cols-[6rem_1fr] gap-1">
                  {cells(job).map((cell, index) => (
                    <div key={COLUMNS[index]} className="contents">
                      <dt className="text-slate-600">{COLUMNS[index]}</dt>
                      <dd>{cell}</dd>
                    </div>
                  ))}
                </dl>
                {details(job)}
              </li>
            ))}
          </ul>
        </>
      )}
      {jobs.data && (
        <Pager
          label="Job history"
          page={jobs.data.current_page}
          pages={jobs.data.pages}
          onPageChange={setPage}
          disabled={jobs.isPlaceholderData}
        />
      )}
    </section>
  );
};
