import { formatDate } from '@portal/domain/format';
import {
  WORKLIST_SORT_LABELS,
  type TSortDirection,
  type TWorklistRow,
  type TWorklistSort,
} from '@portal/domain/worklist-api';
import type { MouseEvent } from 'react';
import { SkeletonTableRows } from '../../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../../components/ui/table';
import { cn } from '../../../../lib/cn';
import { TrackingLink } from '../../components/tracking-link';
import { OrderLink, PatientCell, StatusCell, categoryText, daysText } from './worklist-row-parts';

export type TWorklistListProps = {
  rows: readonly TWorklistRow[];
  loading: boolean;
  sort: TWorklistSort;
  dir: TSortDirection;
  onSort: (sort: TWorklistSort) => void;
  /** The SO number of the open order. */
  openOrder: string | undefined;
  hrefFor: (soNumber: string) => string;
  onOpen: (soNumber: string) => void;
  /**
   * With the order open beside it: the order date moves under the SO#, and category and
   * tracking make room (the detail shows them).
   */
  compact?: boolean;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const SortHeader = ({
  column,
  sort,
  dir,
  onSort,
  numeric = false,
  prefix,
}: Pick<TWorklistListProps, 'sort' | 'dir' | 'onSort'> & {
  column: TWorklistSort;
  numeric?: boolean;
  /** What else the column shows, a line above the heading that sorts it ('SO#'). */
  prefix?: string;
}) => {
  const active = column === sort;
  return (
    <TH aria-sort={active ? ARIA_SORT[dir] : undefined} numeric={numeric}>
      {prefix ? <span className="block">{prefix}</span> : null}
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        {WORKLIST_SORT_LABELS[column]}
        <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-400'}>
          {active ? (dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </TH>
  );
};

/** A row's click anywhere opens it, as its SO number does; links and buttons in it keep theirs. */
const openOnRowClick = (soNumber: string | null, onOpen: (so: string) => void) =>
  soNumber
    ? (event: MouseEvent<HTMLTableRowElement>) => {
        const target = event.target as HTMLElement;
        if (!target.closest('a, button')) {
          onOpen(soNumber);
        }
      }
    : undefined;

/** The worklist on a wide screen: one order a row, sortable by age, patient and date. */
export const WorklistTable = (props: TWorklistListProps) => {
  const { rows, loading, openOrder, hrefFor, onOpen, compact = false } = props;
  const columns = compact ? 4 : 7;
  return (
    <Table responsive aria-busy={loading}>
      <caption className="sr-only">Worklist orders</caption>
      <THead>
        <TR>
          {compact ? <SortHeader column="date" prefix="SO#" {...props} /> : <TH>SO#</TH>}
          <SortHeader column="patient" {...props} />
          <TH>Status</TH>
          <SortHeader column="age" numeric {...props} />
          {compact ? null : <SortHeader column="date" {...props} />}
          {compact ? null : <TH>Category</TH>}
          {compact ? null : <TH>Tracking</TH>}
        </TR>
      </THead>
      <TBody>
        {loading ? (
          <SkeletonTableRows columns={columns} rows={8} label="Loading orders…" />
        ) : (
          rows.map((row) => {
            const open = row.so_number !== null && row.so_number === openOrder;
            return (
              <TR
                key={row.order_id}
                aria-current={open || undefined}
                onClick={openOnRowClick(row.so_number, onOpen)}
                className={cn(
                  row.so_number && 'cursor-pointer hover:bg-slate-50',
                  open && 'bg-brand-50 hover:bg-brand-50',
                )}
              >
                <TH scope="row" className="font-normal whitespace-nowrap">
                  <OrderLink
                    row={row}
                    href={hrefFor(row.so_number ?? '')}
                    onOpen={() => onOpen(row.so_number ?? '')}
                  />
                  {compact ? (
                    <span className="block text-xs text-slate-600">
                      {formatDate(row.date_created)}
                    </span>
                  ) : null}
                </TH>
                <TD>
                  <PatientCell row={row} />
                </TD>
                <TD className={compact ? 'min-w-36' : 'min-w-48'}>
                  <StatusCell row={row} />
                </TD>
                <TD numeric className="whitespace-nowrap">
                  {daysText(row)}
                </TD>
                {compact ? null : (
                  <TD className="whitespace-nowrap">{formatDate(row.date_created)}</TD>
                )}
                {compact ? null : <TD>{categoryText(row)}</TD>}
                {compact ? null : (
                  <TD className="break-all">
                    <TrackingLink
                      carrier={row.carrier}
                      trackingNumber={row.tracking_number}
                      fallback="N/A"
                    />
                  </TD>
                )}
              </TR>
            );
          })
        )}
      </TBody>
    </Table>
  );
};
