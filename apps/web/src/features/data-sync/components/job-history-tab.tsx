import { useState } from 'react';
import { formatDateTime } from '@portal/domain/format';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { Button } from '../../../components/ui/button';
import { CardList, CardListItem, TableOrCards } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { SkeletonRows, SkeletonTableRows } from '../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';
import { useJobs } from '../api/get-jobs';
import { NONE, formatCount, formatDuration, jobDurationMs, shortJobId } from '../lib/format';
import { destinationLabel } from '../lib/labels';
import { runRows } from '../lib/runs';
import { useDataSync } from './data-sync-context';
import { JobIncrement } from './job-increment';
import { StatusBadge } from './status-badge';

const COLUMNS = [
  'Run',
  'Job ID',
  'Status',
  'Destination',
  'Started',
  'Duration',
  'Rows',
  'View Details',
];
const LOADING = 'Loading job history...';

/** Job History: group runs and ad-hoc jobs, newest first, paged, refreshed every 30 s. */
export const JobHistoryTab = () => {
  const { openDialog } = useDataSync();
  const [page, setPage] = useState(1);
  const jobs = useJobs({ page });
  const rows = jobs.data?.jobs ?? [];
  // The time of the last answer: a running job's duration so far, pure during render.
  const now = jobs.dataUpdatedAt;
  const cells = (job: TSyncJob) => [
    <span key="name" className="font-medium break-words text-slate-900">
      {job.name}
    </span>,
    <span key="id" className="font-mono" title={job.id}>
      {shortJobId(job.id)}
    </span>,
    <StatusBadge key="status" status={job.status} />,
    destinationLabel(job),
    formatDateTime(job.start_time, NONE),
    formatDuration(jobDurationMs(job, now)),
    <span key="rows">
      {formatCount(runRows(job))}
      <JobIncrement job={job} />
    </span>,
  ];
  const details = (job: TSyncJob) => (
    <Button
      size="sm"
      aria-label={`View Details of job ${shortJobId(job.id)}`}
      onClick={() => openDialog({ kind: 'details', jobId: job.id })}
    >
      View Details
    </Button>
  );
  const table = (
    <Table responsive aria-busy={jobs.isPending || jobs.isPlaceholderData}>
      <THead>
        <TR>
          {COLUMNS.map((column) => (
            <TH key={column}>{column}</TH>
          ))}
        </TR>
      </THead>
      <TBody>
        {jobs.isPending ? (
          <SkeletonTableRows columns={COLUMNS} label={LOADING} />
        ) : (
          rows.map((job) => (
            <TR key={job.id} data-testid="history-row">
              {cells(job).map((cell, index) => (
                <TD key={index}>{cell}</TD>
              ))}
              <TD>{details(job)}</TD>
            </TR>
          ))
        )}
      </TBody>
    </Table>
  );
  const cards = jobs.isPending ? (
    <SkeletonRows label={LOADING} rowClassName="h-40 rounded-xl" className="md:hidden" />
  ) : (
    <CardList aria-label="Jobs">
      {rows.map((job) => (
        <CardListItem key={job.id}>
          <dl className="mb-2 grid grid-cols-[6rem_1fr] gap-1">
            {cells(job).map((cell, index) => (
              <div key={COLUMNS[index]} className="contents">
                <dt className="text-slate-600">{COLUMNS[index]}</dt>
                <dd>{cell}</dd>
              </div>
            ))}
          </dl>
          {details(job)}
        </CardListItem>
      ))}
    </CardList>
  );
  return (
    <Panel aria-labelledby="history-title">
      <h2 id="history-title" className="mb-3 text-lg font-semibold text-slate-900">
        Job History
      </h2>
      {jobs.isError ? (
        <ErrorState
          title={`Error fetching job history: ${jobs.error.message}`}
          onRetry={() => void jobs.refetch()}
          retrying={jobs.isFetching}
        />
      ) : !jobs.isPending && rows.length === 0 ? (
        <EmptyState
          title="No sync jobs yet"
          text="Runs started from Sync Groups or by the scheduler are listed here."
        />
      ) : (
        <TableOrCards table={table} cards={cards} />
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
    </Panel>
  );
};
