import { displayStatus } from '@portal/domain/order-progress';
import { formatDays } from '@portal/domain/order-status-labels';
import type { TOrder } from '@portal/domain/patients-api';
import { daysInStatus, plainStatus } from './order-status-block';
import { StatusBadge } from './status-badge';

/**
 * An order's status in a list: the display status's badge, the plain words, the ERP's
 * words and the days in it, as lines of their own (no tooltip to hover for).
 */
export const OrderStatusCell = ({ order }: { order: TOrder }) => {
  const plain = plainStatus(order);
  const erp = order.status?.trim();
  const days = daysInStatus(order);
  return (
    <div className="space-y-0.5">
      <StatusBadge status={displayStatus(order)} />
      <p className="text-sm text-slate-900">{plain}</p>
      {erp && erp !== plain ? <p className="text-xs text-slate-600">{erp}</p> : null}
      {days === undefined ? null : (
        <p className="text-xs text-slate-600">{formatDays(days)} in this status</p>
      )}
    </div>
  );
};
