import { formatDate } from '@portal/domain/format';
import { ACTION_REQUIRED_LABEL, displayStatus, orderProgress } from '@portal/domain/order-progress';
import { daysSince, formatDays, orderStatusLabel } from '@portal/domain/order-status-labels';
import type { TOrder } from '@portal/domain/patients-api';
import { DetailField } from './detail-block';
import { ProgressSteps } from './progress-steps';
import { StatusBadge } from './status-badge';

/** Whole days the order has been in its status, or undefined when unknown. */
export const daysInStatus = (order: TOrder, now = Date.now()): number | undefined => {
  const since = order.status_since ? Date.parse(order.status_since) : Number.NaN;
  return Number.isNaN(since) ? undefined : (daysSince(since, now) ?? undefined);
};

/** 'Waiting for SCA/LOA from the payer', or the ERP's words when there are no plain ones. */
export const plainStatus = (order: TOrder): string =>
  order.status_label ?? orderStatusLabel(order.status) ?? (order.status?.trim() || 'N/A');

/**
 * What blocks the order, first: the status in plain words and in the ERP's, the intake
 * status, how long it has been in it, and the four-step tracker the patient sees.
 */
export const OrderStatusBlock = ({ order }: { order: TOrder }) => {
  const days = daysInStatus(order);
  const progress = orderProgress(order);
  const erp = order.status?.trim();
  return (
    <section
      aria-labelledby="order-status-title"
      className="@container space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="order-status-title" className="sr-only">
        Order status
      </h3>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={displayStatus(order)} />
        <p className="text-base font-semibold text-slate-900">{plainStatus(order)}</p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 @lg:grid-cols-3">
        <DetailField label="ERP status">{erp || 'N/A'}</DetailField>
        <DetailField label="Intake status">{order.intake_status?.trim() || 'N/A'}</DetailField>
        <DetailField label="In this status">
          {days === undefined
            ? 'N/A'
            : `${formatDays(days)} (since ${formatDate(order.status_since)})`}
        </DetailField>
      </dl>
      <ProgressSteps
        step={progress.step}
        attention={progress.label === ACTION_REQUIRED_LABEL}
        label={`Progress of order ${order.so_number ?? order.order_id}`}
      />
    </section>
  );
};
