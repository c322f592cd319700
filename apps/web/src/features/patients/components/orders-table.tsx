import { DISPLAY_LIMITS, formatDate, truncate } from '@portal/domain/format';
import { displayStatus } from '@portal/domain/order-progress';
import type { TOrder } from '@portal/domain/patients-api';
import { orderDoctorName } from '../lib/patient-display';
import { tableClass, tdClass, textButtonClass } from '../lib/ui-classes';
import { StatusBadge } from './status-badge';
import { TrackingLink } from './tracking-link';
import { HeaderRow, PlaceholderRows } from './table-parts';

const COLUMNS = ['SO#', 'Date', 'Status', 'Doctor', 'Tracking'] as const;

type TOrdersTableProps = {
  orders: readonly TOrder[];
  loading: boolean;
  selectedId: string | undefined;
  onSelect: (order: TOrder) => void;
};

/** A patient's orders; scrolls within 700 px on desktop (core.md section 2). */
export const OrdersTable = ({ orders, loading, selectedId, onSelect }: TOrdersTableProps) => (
  <div className="overflow-x-auto md:max-h-[700px] md:overflow-y-auto">
    <table className={tableClass} aria-busy={loading}>
      <caption className="sr-only">Orders</caption>
      <thead className="sticky top-0">
        <HeaderRow columns={COLUMNS} />
      </thead>
      <tbody>
        {loading ? (
          <PlaceholderRows columns={COLUMNS} rows={4} />
        ) : (
          orders.map((order) => (
            <OrderRow
              key={order.order_id}
              order={order}
              selected={order.order_id === selectedId}
              onSelect={onSelect}
            />
          ))
        )}
      </tbody>
    </table>
  </div>
);

const OrderRow = ({
  order,
  selected,
  onSelect,
}: {
  order: TOrder;
  selected: boolean;
  onSelect: (order: TOrder) => void;
}) => {
  const doctor = orderDoctorName(order.doctor);
  const so = order.so_number ?? order.order_id;
  return (
    <tr aria-current={selected || undefined} className={selected ? 'bg-brand-50' : undefined}>
      <th scope="row" className={`${tdClass} font-normal`}>
        <button
          type="button"
          aria-label={`Order ${so}`}
          className={`${textButtonClass} font-mono`}
          onClick={() => onSelect(order)}
        >
          {so}
        </button>
      </th>
      <td className={`${tdClass} whitespace-nowrap`}>{formatDate(order.date_created)}</td>
      <td className={tdClass}>
        <StatusBadge status={displayStatus(order)} />
      </td>
      <td
        className={tdClass}
        title={doctor.length > DISPLAY_LIMITS.doctorName ? doctor : undefined}
      >
        {truncate(doctor, DISPLAY_LIMITS.doctorName) || 'N/A'}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        <TrackingLink
          carrier={order.carrier}
          trackingNumber={order.tracking_number}
          short
          fallback="N/A"
        />
      </td>
    </tr>
  );
};
