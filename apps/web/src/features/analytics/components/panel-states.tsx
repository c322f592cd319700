import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** A grey block the size of what it waits for, announced politely to screen readers. */
export const LoadingPlaceholder = ({
  label,
  height = 'h-64',
}: {
  label: string;
  height?: string;
}) => (
  <div
    role="status"
    aria-live="polite"
    className={`${height} animate-pulse rounded-lg bg-slate-100`}
  >
    <span className="sr-only">{label}</span>
  </div>
);

/**
 * The spec's error box: a warning icon and the message, read out at once, with a Retry
 * where one helps. ErrorState's look; ErrorState itself has no place for the spec's icon.
 */
export const ErrorBox = ({
  children,
  onRetry,
  retrying = false,
}: {
  children: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}) => (
  <div
    role="alert"
    className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
  >
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-red-600">
      <path d="M10 1.5 19 18H1L10 1.5Zm-1 6v5h2v-5H9Zm0 6.5v2h2v-2H9Z" />
    </svg>
    <div className="min-w-0">
      <p className="break-words">{children}</p>
      {onRetry ? (
        <Button
          size="sm"
          className="mt-2"
          aria-disabled={retrying || undefined}
          onClick={retrying ? undefined : onRetry}
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      ) : null}
    </div>
  </div>
);

export const Card = ({
  title,
  value,
  note,
  tone = 'text-slate-900',
}: {
  title: string;
  value: ReactNode;
  note: ReactNode;
  tone?: string;
}) => (
  <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
    <h3 className="text-sm font-medium text-slate-600">{title}</h3>
    <p className={`mt-1 text-2xl font-bold ${tone}`}>{value}</p>
    <p className="mt-1 text-xs text-slate-600">{note}</p>
  </div>
);
