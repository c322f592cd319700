import { cn } from '../../lib/cn';

/** The word a loading state says to screen readers when the screen gives none. */
export const LOADING_TEXT = 'Loading…';

/** One grey, pulsing placeholder bar; hidden from assistive technology. */
export const Skeleton = ({ className }: { className?: string }) => (
  <span
    aria-hidden="true"
    className={cn('block h-4 animate-pulse rounded bg-slate-200', className)}
  />
);

type TSkeletonRowsProps = {
  /** How many placeholders (the spec's lists show 6). */
  rows?: number;
  /** What screen readers are told, once, instead of the placeholders. */
  label?: string;
  /** Classes of each placeholder: 40 px rows by default; `h-24 rounded-xl` for cards. */
  rowClassName?: string;
  className?: string;
};

/**
 * Placeholder rows of the final size while a list loads: hidden from assistive technology,
 * which hears one polite status ('Loading…') instead.
 */
export const SkeletonRows = ({
  rows = 6,
  label = LOADING_TEXT,
  rowClassName,
  className,
}: TSkeletonRowsProps) => (
  <div className={className}>
    <p role="status" className="sr-only">
      {label}
    </p>
    <div aria-hidden="true" className="space-y-2">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className={cn('h-10 animate-pulse rounded-lg bg-slate-100', rowClassName)} />
      ))}
    </div>
  </div>
);

type TSkeletonTableRowsProps = {
  /** The table's column count, or its column names. */
  columns: number | readonly string[];
  rows?: number;
  label?: string;
  /** A `data-testid` on each placeholder row, for tests that count them. */
  testId?: string;
};

/**
 * The same inside a table's body: rows of grey bars in every cell, and a visually hidden
 * row with the status (the table should also say `aria-busy` while it loads).
 */
export const SkeletonTableRows = ({
  columns,
  rows = 6,
  label = LOADING_TEXT,
  testId,
}: TSkeletonTableRowsProps) => {
  const count = typeof columns === 'number' ? columns : columns.length;
  return (
    <>
      <tr className="sr-only">
        <td colSpan={count}>
          <span role="status">{label}</span>
        </td>
      </tr>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} aria-hidden="true" data-testid={testId}>
          {Array.from({ length: count }, (_, column) => (
            <td key={column} className="border-b border-slate-100 px-3 py-2">
              <Skeleton />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
};
