import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '../../lib/cn';

type TEmptyStateProps = Omit<ComponentPropsWithRef<'div'>, 'title'> & {
  /** What is empty, in the spec's words: 'No patients found'. */
  title: string;
  /** Why, or what to try next: 'Try another name or clear the filters.' */
  text?: ReactNode;
  /** The one way forward, usually a `Button` ('Clear filters', 'Show all dates'). */
  action?: ReactNode;
};

/**
 * What a list, a table or a panel shows when it has nothing: a title, a line of advice and
 * at most one action, centred in a dashed frame where the rows would be.
 */
export const EmptyState = ({ title, text, action, className, ...props }: TEmptyStateProps) => (
  <div
    className={cn(
      'flex flex-col items-center gap-1 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center',
      className,
    )}
    {...props}
  >
    <p className="text-sm font-semibold text-slate-900">{title}</p>
    {text ? <p className="max-w-prose text-sm text-slate-600">{text}</p> : null}
    {action ? <div className="mt-3">{action}</div> : null}
  </div>
);
