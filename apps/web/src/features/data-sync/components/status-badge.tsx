import { Badge, type TBadgeTone } from '../../../components/ui/badge';
import type { TSyncJob } from '@portal/domain/data-sync-api';

const tones: Record<TSyncJob['status'], TBadgeTone> = {
  completed: 'green',
  running: 'blue',
  partial: 'amber',
  failed: 'red',
};

/** A job's status as a word with a colour; the word carries the meaning, not the colour. */
export const StatusBadge = ({ status }: { status: TSyncJob['status'] }) => (
  <Badge data-testid="job-status" tone={tones[status]} className="capitalize">
    {status}
  </Badge>
);

/** A labelled progress bar with its value for assistive technology (role progressbar). */
export const ProgressBar = ({ value, label }: { value: number; label: string }) => (
  <div
    role="progressbar"
    aria-label={label}
    aria-valuemin={0}
    aria-valuemax={100}
    aria-valuenow={value}
    className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
  >
    <div
      className="h-full rounded-full bg-brand-600 transition-[width]"
      style={{ width: `${value}%` }}
    />
  </div>
);
