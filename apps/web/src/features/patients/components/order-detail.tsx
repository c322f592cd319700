import { formatDate } from '@portal/domain/format';
import type { TOrder, TPatientSummary } from '@portal/domain/patients-api';
import { useContext } from 'react';
import { OrderDocumentsSlot } from '../../../components/slots/order-documents-slot';
import { Panel } from '../../../components/ui/panel';
import { useOrderItems } from '../api/get-order-items';
import { apiErrorMessage } from '../lib/list-error';
import { fullName } from '../lib/patient-display';
import { REVEAL_IDS } from '../lib/reveal';
import { DetailBlock, DetailField } from './detail-block';
import { OrderDoctor, OrderShipping } from './order-detail-sections';
import { OrderItemsTable } from './order-items-table';
import { OrderStatusBlock } from './order-status-block';
import { StatusHistory } from './status-history';

type TOrderDetailProps = {
  order: TOrder | undefined;
  patient: TPatientSummary | undefined;
};

/**
 * The chosen order: what blocks it and since when, how it ships, its status history, who,
 * which doctor, its documents and items (core.md section 2, issue 30). The worklist opens
 * it too.
 */
export const OrderDetail = ({ order, patient }: TOrderDetailProps) => {
  const items = useOrderItems(order?.so_number ?? undefined);
  // The documents feature's list, handed in by app/ (components/slots).
  const documents = useContext(OrderDocumentsSlot);
  if (!order) {
    return (
      <Panel id={REVEAL_IDS.orderDetail} aria-label="Order details">
        <p className="py-8 text-center text-slate-600">Select an order to view details</p>
      </Panel>
    );
  }
  return (
    <Panel
      id={REVEAL_IDS.orderDetail}
      aria-labelledby={REVEAL_IDS.orderDetailTitle}
      className="space-y-4"
    >
      <div>
        <h2
          id={REVEAL_IDS.orderDetailTitle}
          tabIndex={-1}
          className="rounded text-lg font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Order #{order.so_number ?? order.order_id}
        </h2>
        <p className="text-sm text-slate-600">Created on {formatDate(order.date_created)}</p>
      </div>
      <OrderStatusBlock order={order} />
      {/* Sized by the panel: a side panel beside the lists from xl, the full width below. */}
      <div className="@container">
        <div className="grid gap-4 @xl:grid-cols-2">
          <OrderShipping order={order} />
          <StatusHistory soNumber={order.so_number} />
          {patient && (
            <DetailBlock title="Patient Information">
              <dl>
                <DetailField label="Name">{fullName(patient)}</DetailField>
                <DetailField label="Patient ID">{patient.patient_id ?? 'N/A'}</DetailField>
                <DetailField label="Date of Birth">{formatDate(patient.dob)}</DetailField>
              </dl>
            </DetailBlock>
          )}
          <OrderDoctor doctor={order.doctor} />
        </div>
      </div>
      {documents && (
        <DetailBlock title="Documents">
          {documents({
            orderKey: order.order_id,
            soNumber: order.so_number,
            patientKey: patient?.patient_key ?? null,
          })}
        </DetailBlock>
      )}
      <DetailBlock title="Order Items">
        <OrderItemsTable
          items={items.data}
          loading={items.isPending && order.so_number !== null}
          error={items.isError ? apiErrorMessage(items.error, 'Please try again.') : undefined}
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      </DetailBlock>
    </Panel>
  );
};
