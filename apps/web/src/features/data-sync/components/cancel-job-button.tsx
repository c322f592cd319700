import type { TSyncJob } from '@portal/domain/data-sync-api';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useCancelJob } from '../api/cancel-job';
import { isCancelling } from '../lib/runs';
import { useDataSync } from './data-sync-context';

type TCancelJobButtonProps = {
  job: Pick<TSyncJob, 'id' | 'name' | 'status' | 'cancel_requested_by' | 'type'>;
};

/**
 * Cancel on a running job, after a confirmation. Users without run_sync see it disabled,
 * with why; once asked it reads 'Cancelling…' until the job has ended.
 */
export const CancelJobButton = ({ job }: TCancelJobButtonProps) => {
  const { canRun } = useDataSync();
  const [asking, setAsking] = useState(false);
  const cancel = useCancelJob();
  if (job.status !== 'running') {
    return null;
  }
  const cancelling = isCancelling(job) || cancel.isSuccess;
  const busy = cancelling || cancel.isPending;
  const reason = canRun
    ? undefined
    : 'Your account may view syncs but not start or cancel them (run_sync).';
  const what = job.type === 'group' ? 'this run and every mapping still to come' : 'this mapping';
  return (
    <>
      <Button
        size="sm"
        aria-disabled={!canRun || busy}
        title={reason}
        aria-label={cancelling ? `Cancelling ${job.name}` : `Cancel ${job.name}`}
        onClick={() => canRun && !busy && setAsking(true)}
      >
        {cancelling ? 'Cancelling…' : 'Cancel'}
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Cancel ${job.name}?`}
        message={`This stops ${what}: the warehouse query is interrupted and the table being loaded is left as it was before the run.`}
        confirmLabel="Cancel run"
        cancelLabel="Keep running"
        busyLabel="Cancelling…"
        busy={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(job.id, {
            onSettled: () => setAsking(false),
            onError: (error) =>
              toast({
                title: `Could not cancel ${job.name}`,
                description: error.message,
                tone: 'error',
              }),
          })
        }
      />
    </>
  );
};
