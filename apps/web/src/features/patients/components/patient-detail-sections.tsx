import { formatDate, formatPhone } from '@portal/domain/format';
import type { TPatientDetail, TPatientPayor, TPatientSummary } from '@portal/domain/patients-api';
import { addressLines, doctorTitle } from '../lib/patient-display';
import { DetailBlock, DetailField, Missing } from './detail-block';

const NOT_AVAILABLE = 'Not available';

export const PersonalInformation = ({
  patient,
}: {
  patient: TPatientSummary & Partial<Pick<TPatientDetail, 'phone_mobile'>>;
}) => (
  <DetailBlock title="Personal Information">
    <dl>
      <DetailField label="Date of Birth">{formatDate(patient.dob, NOT_AVAILABLE)}</DetailField>
      <DetailField label="Phone Number">
        {formatPhone(patient.phone ?? patient.phone_mobile, NOT_AVAILABLE)}
      </DetailField>
      <DetailField label="Email">{patient.email?.trim() || NOT_AVAILABLE}</DetailField>
    </dl>
  </DetailBlock>
);

export const DoctorInformation = ({ doctor }: { doctor: TPatientDetail['doctor'] | undefined }) => {
  const name = doctorTitle(doctor);
  return (
    <DetailBlock title="Doctor Information">
      {name ? (
        <dl>
          <DetailField label="Name">{name}</DetailField>
          <DetailField label="Phone">{formatPhone(doctor?.phone, NOT_AVAILABLE)}</DetailField>
        </dl>
      ) : (
        <Missing>No doctor assigned</Missing>
      )}
    </DetailBlock>
  );
};

export const PrimaryPayor = ({
  payors,
  loading,
}: {
  payors: readonly TPatientPayor[];
  loading: boolean;
}) => (
  <DetailBlock title="Primary Payor">
    {loading ? (
      <Missing>Loading payor information...</Missing>
    ) : payors.length === 0 ? (
      <Missing>No payor information available</Missing>
    ) : (
      <ul className="space-y-1 text-sm text-slate-900">
        {payors.map((payor, index) => (
          <li key={payor.payor_key ?? index}>
            <span className="font-medium">{payor.company_name}</span>
            {payor.level && <span className="text-slate-600"> ({payor.level})</span>}
          </li>
        ))}
      </ul>
    )}
  </DetailBlock>
);

const Address = ({
  label,
  address,
  missing,
}: {
  label: string;
  address: TPatientDetail['billing_address'] | undefined;
  missing: string;
}) => {
  const lines = addressLines(address);
  return (
    <DetailField label={label}>
      {lines
        ? lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))
        : missing}
    </DetailField>
  );
};

export const AddressInformation = ({ patient }: { patient: TPatientDetail | undefined }) => (
  <DetailBlock title="Address Information">
    <dl>
      <Address
        label="Billing Address"
        address={patient?.billing_address}
        missing="No billing address available"
      />
      <Address
        label="Delivery Address"
        address={patient?.delivery_address}
        missing="No delivery address available"
      />
    </dl>
  </DetailBlock>
);

export const OrderSummary = ({ patient }: { patient: TPatientSummary }) => (
  <DetailBlock title="Order Summary">
    <dl className="grid grid-cols-3 gap-2 text-center">
      <DetailField label="Total Orders">{patient.order_count}</DetailField>
      <DetailField label="Shipped Orders">{patient.shipped_count}</DetailField>
      <DetailField label="Pending Documents">{patient.pending_docs_count}</DetailField>
    </dl>
  </DetailBlock>
);
