import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

type TErrorStateProps = {
  /** What happened, in plain words: 'Failed to load patients'. */
  title: string;
  /** What to do, or the server's friendly reason; never a stack trace or raw JSON. */
  message?: ReactNode;
  /** Shows a Retry button that calls this. */
  onRetry?: () => void;
  /** While the retry runs the button reads 'Retrying…' and waits. */
  retrying?: boolean;
  /** Technical details for staff, behind a closed disclosure. */
  details?: ReactNode;
  className?: string;
};

/**
 * A failed load in the place of what failed to load: what happened, what to do, and a
 * Retry where one helps. It is an alert, so screen readers hear it when it appears.
 */
export const ErrorState = ({
  title,
  message,
  onRetry,
  retrying = false,
  details,
  className,
}: TErrorStateProps) => (
  <div
    role="alert"
    className={cn('rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-sm', className)}
  >
    <p className="font-semibold text-red-800">{title}</p>
    {message ? <p className="mt-1 text-red-800">{message}</p> : null}
    {onRetry ? (
      <Button
        size="sm"
        className="mt-3"
        // aria-disabled, not disabled: focus stays on the button while the retry runs.
        aria-disabled={retrying || undefined}
        onClick={retrying ? undefined : onRetry}
      >
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    ) : null}
    {details ? (
      <details className="mt-3 text-slate-700">
        <summary className="cursor-pointer font-medium">Technical details</summary>
        <div className="mt-2 font-mono text-xs break-words">{details}</div>
      </details>
    ) : null}
  </div>
);
