import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import { Slot } from './slot';

type TPanelProps = ComponentPropsWithRef<'section'> & {
  /** Styles the one child element instead (a `form`, an `article`, a `div`). */
  asChild?: boolean;
};

/**
 * The white card a screen's blocks sit on (16 px padding on a phone, 24 px from sm up).
 * A `section` by default: name it with `aria-labelledby` pointing at its heading.
 */
export const Panel = ({ asChild = false, className, ...props }: TPanelProps) => {
  const Element = asChild ? Slot : 'section';
  return (
    <Element
      className={cn('rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6', className)}
      {...props}
    />
  );
};
