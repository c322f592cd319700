import { formatDate } from '@portal/domain/format';
import type { ReactNode } from 'react';
import { CardList, CardListItem } from '../../../../components/ui/card-list';
import { SkeletonRows } from '../../../../components/ui/skeleton';
import { cn } from '../../../../lib/cn';
import { TrackingLink } from '../../components/tracking-link';
import type { TWorklistListProps } from './worklist-table';
import { OrderLink, PatientCell, StatusCell, categoryText, daysText } from './worklist-row-parts';

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex min-w-0 justify-between gap-3">
    <dt className="shrink-0 text-slate-600">{label}</dt>
    <dd className="min-w-0 text-right break-words">{children}</dd>
  </div>
);

/** The worklist on a phone: one card an order, nothing wider than the screen. */
export const WorklistCards = ({
  rows,
  loading,
  openOrder,
  hrefFor,
  onOpen,
}: Pick<TWorklistListProps, 'rows' | 'loading' | 'openOrder' | 'hrefFor' | 'onOpen'>) => {
  if (loading) {
    return (
      <SkeletonRows
        rows={6}
        label="Loading orders…"
        rowClassName="h-36 rounded-xl"
        className="md:hidden"
      />
    );
  }
  return (
    <CardList aria-label="Worklist orders">
      {rows.map((row) => {
        const open = row.so_number !== null && row.so_number === openOrder;
        return (
          <CardListItem
            key={row.order_id}
            data-testid="worklist-card"
            aria-current={open || undefined}
            className={cn('space-y-2', open && 'border-brand-600 bg-brand-50')}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <PatientCell row={row} />
              </div>
              <OrderLink
                look="button"
                row={row}
                href={hrefFor(row.so_number ?? '')}
                onOpen={() => onOpen(row.so_number ?? '')}
              />
            </div>
            <div>
              <StatusCell row={row} />
            </div>
            <dl className="space-y-1">
              <Line label="Days in status">{daysText(row)}</Line>
              <Line label="Order date">{formatDate(row.date_created)}</Line>
              <Line label="Category">{categoryText(row)}</Line>
              <Line label="Tracking">
                <span className="break-all">
                  <TrackingLink
                    carrier={row.carrier}
                    trackingNumber={row.tracking_number}
                    fallback="N/A"
                  />
                </span>
              </Line>
            </dl>
          </CardListItem>
        );
      })}
    </CardList>
  );
};
