import type { TSyncJob } from '@portal/domain/data-sync-api';
import { formatDateTime } from '@portal/domain/format';
import { isPatientBearing } from '@portal/domain/sync-destinations';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useJob } from '../api/get-job';
import {
  NONE,
  formatCount,
  formatDuration,
  jobDurationMs,
  progressPercent,
  shortJobId,
} from '../lib/format';
import { SOURCE_LABEL, destinationLabel, jobTypeLabel } from '../lib/labels';
import { runTone, syncModeText } from '../lib/runs';
import { CancelJobButton } from './cancel-job-button';
import { useDataSync } from './data-sync-context';
import { JobChildren } from './job-children';
import { JobLogs } from './job-logs';
import { JobTechnical } from './job-technical';
import { RetryCountdown } from './retry-countdown';
import { ProgressBar, StatusBadge } from './status-badge';

/** 'Sync mode: incremental since …' or '… full reload', 'Rows changed: 1,204'; none for other jobs. */
const incrementFields = (job: TSyncJob): [string, string][] => {
  const mode = syncModeText(job);
  return [
    ...(mode ? ([['Sync mode', mode]] as [string, string][]) : []),
    ...(job.rows_changed === null || job.rows_changed === undefined
      ? []
      : ([['Rows changed', formatCount(job.rows_changed)]] as [string, string][])),
  ];
};

/** Job Details: every field the spec lists, the error box, mapping jobs and the log table. */
export const JobDetailsDialog = ({ jobId, onClose }: { jobId: string; onClose: () => void }) => {
  // Samples of patient tables show every payor's patients: admins only (server's rule too).
  const { openDialog, canEdit } = useDataSync();
  const [autoRefresh, setAutoRefresh] = useState(true);
  const query = useJob(jobId, autoRefresh);
  const job = query.data?.data;
  const running = job?.status === 'running';
  const fields: [string, string][] = job
    ? [
        ['Name', job.name],
        ['Job ID', job.id],
        ['Type', jobTypeLabel(job.type)],
        ['Source', SOURCE_LABEL],
        ['Destination', destinationLabel(job)],
        ['Started', formatDateTime(job.start_time, NONE)],
        ['Completed', formatDateTime(job.end_time, NONE)],
        ['Duration', formatDuration(jobDurationMs(job, query.dataUpdatedAt))],
        ['Rows inserted', formatCount(job.rows_inserted)],
        ...(running
          ? ([['Rows so far', formatCount(job.rows_processed)]] as [string, string][])
          : []),
        ['Progress', `${progressPercent(job.progress)}%`],
        // Issue 33: how an incremental mapping's run read the warehouse, and what it changed.
        ...incrementFields(job),
      ]
    : [];
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Job Details: ${job?.name ?? shortJobId(jobId)}`}
      size="xl"
    >
      {query.isPending ? (
        <SkeletonRows rows={5} label="Loading job details..." rowClassName="h-6" />
      ) : query.isError ? (
        <Alert tone="error">Error fetching job details: {query.error.message}</Alert>
      ) : job ? (
        <div className="space-y-4">
          <div className="flex items-center gap-3">
            <StatusBadge status={job.status} />
            <ProgressBar
              value={progressPercent(job.progress)}
              label="Job progress"
              tone={runTone(job.status)}
            />
            <CancelJobButton job={job} />
          </div>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {fields.map(([label, value]) => (
              <div key={label} className="flex gap-2">
                <dt className="w-32 shrink-0 font-medium text-slate-600">{label}</dt>
                <dd className="min-w-0 break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <RetryCountdown wait={running ? job.retry_wait : null} />
          {canEdit && <JobTechnical job={job} />}
          {job.error && (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              <p className="font-semibold">Error ({job.error.category})</p>
              <p className="break-words">{job.error.message}</p>
              <Button
                variant="link"
                className="mt-2 font-medium text-red-800 underline"
                onClick={() => openDialog({ kind: 'error', jobId: job.id })}
              >
                Show suggestions
              </Button>
            </div>
          )}
          <JobChildren jobs={job.children} />
          <JobLogs
            jobId={job.id}
            running={running}
            autoRefresh={autoRefresh}
            onAutoRefresh={setAutoRefresh}
          />
          <div className="flex justify-end gap-2">
            {job.status === 'completed' &&
              job.type !== 'group' &&
              !canEdit &&
              isPatientBearing(job.mysql_table ?? '') && (
                <p className="self-center text-sm text-slate-600">
                  Data samples of this table show patients of every payor; only an administrator can
                  view them.
                </p>
              )}
            {job.status === 'completed' &&
              job.type !== 'group' &&
              (canEdit || !isPatientBearing(job.mysql_table ?? '')) && (
                <Button
                  variant="primary"
                  onClick={() => openDialog({ kind: 'samples', jobId: job.id })}
                >
                  View Data Samples
                </Button>
              )}
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
};
