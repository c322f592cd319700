import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useJob } from '../api/get-job';
import { errorReport, failureOf, shortJobId } from '../lib/format';
import { destinationLabel } from '../lib/labels';
import { useDataSync } from './data-sync-context';

const CATEGORY_LABELS: Record<string, string> = {
  connection_error: 'Connection error',
  authentication_error: 'Authentication error',
  case_sensitivity_error: 'Case sensitivity error',
  schema_error: 'Schema error',
  syntax_error: 'Syntax error',
  permission_error: 'Permission error',
  unknown_error: 'Unknown error',
};

/** Sync Error: the category, its advice, technical details, Retry, Copy Details, Fix Case Sensitivity. */
export const SyncErrorDialog = ({ jobId, onClose }: { jobId: string; onClose: () => void }) => {
  const { canRun, openDialog, startSync } = useDataSync();
  const [copied, setCopied] = useState<string>();
  const query = useJob(jobId, false);
  const job = query.data?.data;
  const error = job ? failureOf(job) : null;
  const groupId = job?.group_id ?? undefined;
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Sync Error" size="lg">
      {query.isPending ? (
        <SkeletonRows rows={3} label="Loading the error..." />
      ) : query.isError ? (
        <Alert tone="error">Error fetching job details: {query.error.message}</Alert>
      ) : job && error ? (
        <div className="space-y-4 text-sm">
          <p>
            <span className="font-semibold">{job.name}</span> (job{' '}
            <span className="font-mono">{shortJobId(job.id)}</span>) to {destinationLabel(job)}
          </p>
          <p>
            <span className="font-medium text-slate-600">Category: </span>
            <span data-testid="error-category" className="font-semibold text-red-800">
              {CATEGORY_LABELS[error.category] ?? error.category}
            </span>
          </p>
          <p className="rounded-lg border border-red-200 bg-red-50 p-3 break-words text-red-800">
            {error.message}
          </p>
          <section aria-labelledby="suggestions-title">
            <h3 id="suggestions-title" className="font-semibold text-slate-900">
              Suggestions
            </h3>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {error.suggestions.map((suggestion) => (
                <li key={suggestion}>{suggestion}</li>
              ))}
            </ul>
          </section>
          <details className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer font-medium">Technical details</summary>
            <pre className="mt-2 max-h-48 overflow-auto text-xs whitespace-pre-wrap">
              {errorReport(job, error)}
            </pre>
          </details>
          {copied && (
            <Alert tone={copied === 'Copied' ? 'success' : 'error'}>
              {copied === 'Copied' ? 'Copied the details to the clipboard' : copied}
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              onClick={() =>
                // No clipboard outside a secure context (http on a LAN address): say so too.
                void Promise.resolve()
                  .then(() => navigator.clipboard.writeText(errorReport(job, error)))
                  .then(
                    () => setCopied('Copied'),
                    () => setCopied('Could not copy: select the technical details and copy them'),
                  )
              }
            >
              {copied === 'Copied' ? 'Copied' : 'Copy Details'}
            </Button>
            {canRun && groupId && (
              <>
                <Button onClick={() => openDialog({ kind: 'fixer', groupId, jobId })}>
                  Fix Case Sensitivity
                </Button>
                <Button
                  variant="primary"
                  onClick={() => {
                    startSync(groupId);
                    onClose();
                  }}
                >
                  Retry
                </Button>
              </>
            )}
          </div>
        </div>
      ) : (
        <p className="py-6 text-center text-slate-600">This job has no error.</p>
      )}
    </Modal>
  );
};
