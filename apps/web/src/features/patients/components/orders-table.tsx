import { DISPLAY_LIMITS, formatDate, truncate } from '@portal/domain/format';
import type { TOrder } from '@portal/domain/patients-api';
import { orderDoctorName } from '../lib/patient-display';
import { Button } from '../../../components/ui/button';
import { SkeletonTableRows } from '../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';
import { OrderStatusCell } from './order-status-cell';
import { TrackingLink } from './tracking-link';
import { HeaderRow } from './table-parts';

const COLUMNS = ['SO#', 'Date', 'Status', 'Doctor', 'Tracking'] as const;

type TOrdersTableProps = {
  orders: readonly TOrder[];
  loading: boolean;
  selectedId: string | undefined;
  onSelect: (order: TOrder) => void;
};

/**
 * A patient's orders; scrolls within 700 px on desktop (core.md section 2). The status in
 * plain and ERP words with its days, and the whole tracking number (issue 30).
 */
export const OrdersTable = ({ orders, loading, selectedId, onSelect }: TOrdersTableProps) => (
  <Table responsive wrapperClassName="md:max-h-[700px] md:overflow-y-auto" aria-busy={loading}>
    <caption className="sr-only">Orders</caption>
    <THead className="sticky top-0">
      <HeaderRow columns={COLUMNS} />
    </THead>
    <TBody>
      {loading ? (
        <SkeletonTableRows columns={COLUMNS} rows={4} label="Loading orders..." />
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
    </TBody>
  </Table>
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
    <TR aria-current={selected || undefined} className={selected ? 'bg-brand-50' : undefined}>
      <TH scope="row" className="font-normal">
        <Button
          variant="link"
          aria-label={`Order ${so}`}
          className="font-mono"
          onClick={() => onSelect(order)}
        >
          {so}
        </Button>
      </TH>
      <TD className="whitespace-nowrap">{formatDate(order.date_created)}</TD>
      <TD className="min-w-48">
        <OrderStatusCell order={order} />
      </TD>
      <TD title={doctor.length > DISPLAY_LIMITS.doctorName ? doctor : undefined}>
        {truncate(doctor, DISPLAY_LIMITS.doctorName) || 'N/A'}
      </TD>
      <TD className="whitespace-nowrap">
        <TrackingLink
          carrier={order.carrier}
          trackingNumber={order.tracking_number}
          fallback="N/A"
        />
      </TD>
    </TR>
  );
};
