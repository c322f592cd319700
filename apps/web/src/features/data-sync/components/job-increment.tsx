import type { TSyncJob } from '@portal/domain/data-sync-api';
import { cn } from '../../../lib/cn';
import { rowsChangedText, syncModeText } from '../lib/runs';

/**
 * An incremental mapping's run in a line (issue 33): 'incremental since 11/25/2026, 1:02 PM
 * · 1,204 rows changed' or 'full reload · 184,878 rows changed'. Nothing for other jobs.
 * The mark as the warehouse wrote it is the line's tooltip.
 */
export const JobIncrement = ({
  job,
  className,
}: {
  job: Pick<TSyncJob, 'sync_mode' | 'incremental_since' | 'rows_changed'>;
  className?: string;
}) => {
  const parts = [syncModeText(job), rowsChangedText(job)].filter(
    (part): part is string => part !== undefined,
  );
  if (parts.length === 0) {
    return null;
  }
  return (
    <span
      data-testid="job-increment"
      className={cn('block text-xs text-slate-600', className)}
      title={job.incremental_since ? `Warehouse mark ${job.incremental_since}` : undefined}
    >
      {parts.join(' · ')}
    </span>
  );
};
