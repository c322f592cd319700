import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

const headerCell =
  'border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase';
const bodyCell = 'border-b border-slate-100 px-3 py-2 align-middle text-slate-800';
const numericCell = 'text-right tabular-nums';

type TTableProps = ComponentPropsWithRef<'table'> & {
  /** Shown from the md breakpoint up only; phones get the same rows as a `CardList`. */
  responsive?: boolean;
  /** Classes for the box around the table, which scrolls sideways if the table is wider. */
  wrapperClassName?: string;
};

/**
 * The one table style: 14 px text, a grey heading row, hairlines between rows, no stripes.
 * The table sits in a box of its own that scrolls sideways, so the page never does.
 */
export const Table = ({
  responsive = false,
  wrapperClassName,
  className,
  ...props
}: TTableProps) => (
  <div className={cn('overflow-x-auto', responsive && 'hidden md:block', wrapperClassName)}>
    <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
  </div>
);

export const THead = (props: ComponentPropsWithRef<'thead'>) => <thead {...props} />;

/** The body; its last row drops the hairline under it. */
export const TBody = ({ className, ...props }: ComponentPropsWithRef<'tbody'>) => (
  <tbody className={cn('[&>tr:last-child>*]:border-b-0', className)} {...props} />
);

/** Totals under the body: a rule above them, and their figures in medium weight. */
export const TFoot = ({ className, ...props }: ComponentPropsWithRef<'tfoot'>) => (
  <tfoot
    className={cn(
      'font-medium [&>tr:first-child>*]:border-t [&>tr:first-child>*]:border-t-slate-300',
      className,
    )}
    {...props}
  />
);

export const TR = (props: ComponentPropsWithRef<'tr'>) => <tr {...props} />;

type TCellProps<T extends 'th' | 'td'> = ComponentPropsWithRef<T> & {
  /** Right-aligned figures with digits of one width (counts, quantities, amounts). */
  numeric?: boolean;
};

/**
 * A heading cell: a column heading by default (`scope="col"`), or with `scope="row"` the
 * row's own heading (a patient's name), drawn as a body cell in medium weight.
 */
export const TH = ({ scope = 'col', numeric = false, className, ...props }: TCellProps<'th'>) => (
  <th
    scope={scope}
    className={cn(
      scope === 'row' ? [bodyCell, 'font-medium'] : headerCell,
      numeric && numericCell,
      className,
    )}
    {...props}
  />
);

export const TD = ({ numeric = false, className, ...props }: TCellProps<'td'>) => (
  <td className={cn(bodyCell, numeric && numericCell, className)} {...props} />
);
