import { Badge, type TBadgeTone } from '../../../components/ui/badge';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { cn } from '../../../lib/cn';
import type { TRunTone } from '../lib/runs';

const tones: Record<TSyncJob['status'], TBadgeTone> = {
  completed: 'green',
  running: 'blue',
  partial: 'amber',
  failed: 'red',
  // A scheduled slot that did not run: nothing failed, nothing loaded.
  skipped: 'grey',
  // Stopped by a user's Cancel: the load rolled back, nothing failed.
  cancelled: 'grey',
};

/** A job's status as a word with a colour; the word carries the meaning, not the colour. */
export const StatusBadge = ({ status }: { status: TSyncJob['status'] }) => (
  <Badge data-testid="job-status" tone={tones[status]} className="capitalize">
    {status}
  </Badge>
);

const barTones: Record<TRunTone, string> = {
  blue: 'bg-brand-600',
  green: 'bg-green-600',
  red: 'bg-red-600',
  grey: 'bg-slate-500',
};

/**
 * A labelled progress bar with its value for assistive technology (role progressbar). Its
 * colour follows the run (runTone): a failed run's bar is red, never a full blue one.
 */
export const ProgressBar = ({
  value,
  label,
  tone = 'blue',
}: {
  value: number;
  label: string;
  tone?: TRunTone;
}) => (
  <div
    role="progressbar"
    aria-label={label}
    aria-valuemin={0}
    aria-valuemax={100}
    aria-valuenow={value}
    className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
  >
    <div
      data-tone={tone}
      className={cn('h-full rounded-full transition-[width]', barTones[tone])}
      style={{ width: `${value}%` }}
    />
  </div>
);
