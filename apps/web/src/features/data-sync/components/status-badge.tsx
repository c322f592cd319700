import type { TSyncJob } from '@portal/domain/data-sync-api';

const tones: Record<TSyncJob['status'], string> = {
  running: 'bg-blue-50 text-blue-800 ring-blue-200',
  completed: 'bg-green-50 text-green-800 ring-green-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  partial: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** A job's status as a word with a colour; the word carries the meaning, not the colour. */
export const StatusBadge = ({ status }: { status: TSyncJob['status'] }) => (
  <span
    data-testid="job-status"
    className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ${tones[status]}`}
  >
    {status}
  </span>
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
