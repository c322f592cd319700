import { useId, useState } from 'react';
import { DISPLAY_LIMITS, formatDate, truncate } from '@portal/domain/format';
import { ACTION_REQUIRED_LABEL, orderProgress } from '@portal/domain/order-progress';
import { orderReason } from '@portal/domain/order-reason';
import type { TOrder } from '@portal/domain/patients-api';
import { trackingUrl } from '@portal/domain/tracking';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { OrderItems } from './timeline-order-items';
import { ProgressSteps } from './progress-steps';

/** One order on the timeline: number, date, category, progress, tracking and its items. */
export const OrderCard = ({ order }: { order: TOrder }) => {
  const [expanded, setExpanded] = useState(false);
  const itemsId = useId();
  const { step, label } = orderProgress(order);
  const reason = orderReason(order);
  const attention = label === ACTION_REQUIRED_LABEL;
  const soNumber = order.so_number ?? order.order_id;
  const tracking = trackingUrl(order.carrier, order.tracking_number);

  return (
    <article
      aria-labelledby={`${itemsId}-title`}
      className={`rounded-xl border bg-white p-4 shadow-sm sm:p-5 ${attention ? 'border-amber-400' : 'border-slate-200'}`}
    >
      <header className="mb-4 flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div>
          <h4 id={`${itemsId}-title`} className="font-semibold text-slate-900">
            Order #{soNumber}
          </h4>
          <p className="text-sm text-slate-600">
            Created on{' '}
            <time dateTime={order.date_created ?? undefined}>{formatDate(order.date_created)}</time>
          </p>
        </div>
        {order.so_classification_name ? <Badge>{order.so_classification_name}</Badge> : null}
      </header>

      <ProgressSteps step={step} attention={attention} label={`Progress of order ${soNumber}`} />

      {attention ? (
        <p className="mt-4 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
          <span aria-hidden="true">⚠</span>
          {label}
        </p>
      ) : (
        <p className="mt-4 text-sm text-slate-700">
          Status: <span className="font-semibold text-slate-900">{label}</span>
        </p>
      )}
      {reason ? <p className="mt-1 text-sm text-slate-900">{reason}</p> : null}

      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        {tracking ? (
          <Button asChild variant="link">
            <a href={tracking} target="_blank" rel="noopener noreferrer">
              Track shipment{order.carrier ? ` (${order.carrier})` : ''}:{' '}
              {truncate(order.tracking_number, DISPLAY_LIMITS.trackingNumber)}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        ) : (
          <span />
        )}
        {order.so_number ? (
          <Button
            size="sm"
            aria-expanded={expanded}
            aria-controls={expanded ? itemsId : undefined}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Hide items' : 'Show items'}
          </Button>
        ) : null}
      </div>
      {expanded && order.so_number ? <OrderItems soNumber={order.so_number} id={itemsId} /> : null}
    </article>
  );
};
