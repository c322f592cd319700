import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import { CONTROL_HEIGHT, controlClass } from './input';

type TSelectProps = ComponentPropsWithRef<'select'> & {
  /** Classes for the select's box (width, margins); the select fills it. */
  className?: string;
};

/**
 * A styled native select, as high as an input (40 px), with one chevron in every browser.
 * Native on purpose, the one place the app does not use Radix: phones open their own picker,
 * it works in forms and with the keyboard as users expect, and Playwright's `selectOption`
 * drives it (docs/decisions.md, "One set of UI primitives").
 */
export const Select = ({ className, children, ...props }: TSelectProps) => (
  <div className={cn('relative', className)}>
    <select className={cn(controlClass, CONTROL_HEIGHT, 'appearance-none pr-9 pl-3')} {...props}>
      {children}
    </select>
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
    >
      <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
    </svg>
  </div>
);
