import type { ReactNode } from 'react';
import { formatDate } from '@portal/domain/format';
import type { TOrder } from '@portal/domain/patients-api';
import { Button } from '../../../components/ui/button';
import { CardList, CardListItem } from '../../../components/ui/card-list';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { orderDoctorName } from '../lib/patient-display';
import { OrderStatusCell } from './order-status-cell';
import { TrackingLink } from './tracking-link';

type TOrderCardsProps = {
  orders: readonly TOrder[];
  loading: boolean;
  selectedId: string | undefined;
  onSelect: (order: TOrder) => void;
};

/** A patient's orders on a phone (below md): one card per order, nothing wider than it. */
export const OrderCards = ({ orders, loading, selectedId, onSelect }: TOrderCardsProps) =>
  loading ? (
    <SkeletonRows rows={3} rowClassName="h-32 rounded-xl" label="Loading orders..." />
  ) : (
    <CardList aria-label="Orders">
      {orders.map((order) => (
        <OrderCard
          key={order.order_id}
          order={order}
          selected={order.order_id === selectedId}
          onSelect={onSelect}
        />
      ))}
    </CardList>
  );

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-xs text-slate-600">{label}</dt>
    <dd className="text-sm break-words text-slate-900">{children}</dd>
  </div>
);

const OrderCard = ({
  order,
  selected,
  onSelect,
}: {
  order: TOrder;
  selected: boolean;
  onSelect: (order: TOrder) => void;
}) => {
  const so = order.so_number ?? order.order_id;
  return (
    <CardListItem
      data-testid="order-card"
      aria-current={selected || undefined}
      className={cn('space-y-2 p-4', selected && 'border-brand-600 bg-brand-50')}
    >
      <div className="flex items-baseline justify-between gap-2">
        <Button
          variant="link"
          aria-label={`Order ${so}`}
          className="font-mono"
          onClick={() => onSelect(order)}
        >
          {so}
        </Button>
        <span className="text-xs text-slate-600">{formatDate(order.date_created)}</span>
      </div>
      <OrderStatusCell order={order} />
      <dl className="grid grid-cols-1 gap-2">
        <Line label="Doctor">{orderDoctorName(order.doctor) || 'N/A'}</Line>
        <Line label="Tracking">
          <span className="break-all">
            <TrackingLink
              carrier={order.carrier}
              trackingNumber={order.tracking_number}
              fallback="N/A"
            />
          </span>
        </Line>
      </dl>
    </CardListItem>
  );
};
