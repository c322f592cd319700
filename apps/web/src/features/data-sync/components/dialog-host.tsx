import type { TDataSyncDialog } from './data-sync-context';
import { CaseFixerDialog } from './case-fixer-dialog';
import { JobDetailsDialog } from './job-details-dialog';
import { SamplesDialog } from './samples-dialog';
import { ScheduleDialog } from './schedule-dialog';
import { SyncErrorDialog } from './sync-error-dialog';

/** Draws the one open dialog; each closes back to the screen. */
export const DialogHost = ({
  dialog,
  onClose,
}: {
  dialog: TDataSyncDialog | undefined;
  onClose: () => void;
}) => {
  switch (dialog?.kind) {
    case 'details':
      return <JobDetailsDialog key={dialog.jobId} jobId={dialog.jobId} onClose={onClose} />;
    case 'samples':
      return <SamplesDialog key={dialog.jobId} jobId={dialog.jobId} onClose={onClose} />;
    case 'error':
      return <SyncErrorDialog jobId={dialog.jobId} onClose={onClose} />;
    case 'fixer':
      return <CaseFixerDialog groupId={dialog.groupId} jobId={dialog.jobId} onClose={onClose} />;
    case 'schedule':
      return <ScheduleDialog initial={dialog.form} onClose={onClose} />;
    default:
      return null;
  }
};
