import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useWideScreen } from '../../lib/use-wide-screen';

type TCardListProps = ComponentPropsWithRef<'ul'> & {
  /** Hidden from the md breakpoint up, where the same rows are a `Table responsive`. */
  responsive?: boolean;
};

/**
 * A table's rows as cards on a phone: a list (name it with `aria-label`), one `CardListItem`
 * per row, each showing the row's fields as short labelled lines.
 */
export const CardList = ({ responsive = true, className, ...props }: TCardListProps) => (
  <ul className={cn('space-y-3', responsive && 'md:hidden', className)} {...props} />
);

export const CardListItem = ({ className, ...props }: ComponentPropsWithRef<'li'>) => (
  <li
    className={cn('rounded-xl border border-slate-200 bg-white p-3 text-sm', className)}
    {...props}
  />
);

/**
 * Draws the table on a wide screen and the cards on a phone, and only that one: drawing
 * both and hiding one with CSS doubled the render work on a phone (docs/decisions.md,
 * issue 11). Where the screen's width cannot be told (jsdom), both are drawn and the
 * `responsive` classes of `Table` and `CardList` choose.
 */
export const TableOrCards = ({ table, cards }: { table: ReactNode; cards: ReactNode }) => {
  const wide = useWideScreen();
  return (
    <>
      {wide === false ? null : table}
      {wide === true ? null : cards}
    </>
  );
};
