import { formatDate, formatPhone } from '@portal/domain/format';
import type { TOrder } from '@portal/domain/patients-api';
import { hasTrackingNumber } from '@portal/domain/tracking';
import { orderDoctorAddress, orderDoctorName } from '../lib/patient-display';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { DetailBlock, DetailField, Missing } from './detail-block';
import { TrackingLink } from './tracking-link';

/** The order's doctor: name, NPI, phone as a tel: link, address with Suite. */
export const OrderDoctor = ({ doctor }: { doctor: TOrder['doctor'] }) => {
  const name = orderDoctorName(doctor);
  const address = orderDoctorAddress(doctor);
  const phone = doctor?.phone?.trim();
  return (
    <DetailBlock title="Doctor Information">
      {name || phone || address ? (
        <dl>
          <DetailField label="Name">{name || 'N/A'}</DetailField>
          <DetailField label="NPI">{doctor?.NPI ?? 'N/A'}</DetailField>
          <DetailField label="Phone">
            {phone ? (
              <Button asChild variant="link" className="font-normal">
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{formatPhone(phone)}</a>
              </Button>
            ) : (
              'N/A'
            )}
          </DetailField>
          <DetailField label="Address">
            {address
              ? address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))
              : 'N/A'}
          </DetailField>
        </dl>
      ) : (
        <Missing>No doctor information available</Missing>
      )}
    </DetailBlock>
  );
};

/**
 * Carrier, the full tracking number as a link to the carrier with a copy button, ship and
 * delivery dates where known, or 'No tracking information available'.
 */
export const OrderShipping = ({ order }: { order: TOrder }) => {
  const dates = (
    <>
      {order.ship_date && (
        <DetailField label="Ship Date">{formatDate(order.ship_date)}</DetailField>
      )}
      {order.delivery_date && (
        <DetailField label="Delivery Date">{formatDate(order.delivery_date)}</DetailField>
      )}
    </>
  );
  const tracking = order.tracking_number?.trim() ?? '';
  return (
    <DetailBlock title="Shipping Information">
      {hasTrackingNumber(order.tracking_number) ? (
        <dl>
          <DetailField label="Carrier">{order.carrier?.trim() || 'N/A'}</DetailField>
          <DetailField label="Tracking Number">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="break-all">
                <TrackingLink
                  carrier={order.carrier}
                  trackingNumber={order.tracking_number}
                  fallback={tracking}
                />
              </span>
              <CopyButton text={tracking} what="tracking number" />
            </span>
          </DetailField>
          {dates}
          {!order.delivery_date && <DetailField label="Delivery Date">N/A</DetailField>}
        </dl>
      ) : (
        <>
          <Missing>No tracking information available</Missing>
          {(order.ship_date || order.delivery_date) && <dl className="mt-2">{dates}</dl>}
        </>
      )}
    </DetailBlock>
  );
};
