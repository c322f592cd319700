import { DASHBOARD_MESSAGES } from '@portal/domain/patients-rules';
import type { TPatientDetail, TPatientPayor, TPatientSummary } from '@portal/domain/patients-api';
import { Alert } from '../../../components/ui/alert';
import { Modal, type TModalSize } from '../../../components/ui/modal';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { usePatient } from '../api/get-patient';
import { usePatientCompany } from '../api/get-patient-company';
import { fullName } from '../lib/patient-display';
import { DetailBlock } from './detail-block';
import {
  AddressInformation,
  DoctorInformation,
  OrderSummary,
  PersonalInformation,
  PrimaryPayor,
} from './patient-detail-sections';

type TPatientDetailsModalProps = {
  payorKey: string;
  /** The list row: shown as it is while the details load, and if they fail. */
  patient: TPatientSummary | undefined;
  onClose: () => void;
  size?: TModalSize;
};

/** The patient details modal of core.md section 2. */
export const PatientDetailsModal = ({
  payorKey,
  patient,
  onClose,
  size = 'lg',
}: TPatientDetailsModalProps) => {
  const detail = usePatient(patient && { payorKey, patientKey: patient.patient_key });
  const company = usePatientCompany(patient?.patient_key);
  const shown = detail.data ?? patient;

  return (
    <Modal
      open={patient !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={shown ? fullName(shown, 'Patient Details') : 'Patient Details'}
      size={size}
    >
      {shown && (
        <PatientDetailsBody
          patient={shown}
          detail={detail.data}
          detailState={detail.isPending ? 'loading' : detail.isError ? 'error' : 'ready'}
          payors={company.data ?? []}
          payorsLoading={company.isPending}
        />
      )}
    </Modal>
  );
};

type TPatientDetailsBodyProps = {
  patient: TPatientSummary;
  detail: TPatientDetail | undefined;
  detailState: 'loading' | 'error' | 'ready';
  payors: readonly TPatientPayor[];
  payorsLoading: boolean;
};

/** The blocks, with props only, so they can be shown without a server. */
export const PatientDetailsBody = ({
  patient,
  detail,
  detailState,
  payors,
  payorsLoading,
}: TPatientDetailsBodyProps) => (
  <div className="space-y-4">
    {detailState === 'error' && <Alert tone="error">{DASHBOARD_MESSAGES.patientInfo}</Alert>}
    <div className="grid gap-4 sm:grid-cols-2">
      <PersonalInformation patient={detail ?? patient} />
      {detailState === 'loading' ? (
        <DetailBlock title="Doctor Information">
          <SkeletonRows rows={2} label="Loading patient details..." rowClassName="h-5" />
        </DetailBlock>
      ) : (
        <DoctorInformation doctor={detail?.doctor} />
      )}
      <PrimaryPayor payors={payors} loading={payorsLoading} />
      {detailState !== 'loading' && <AddressInformation patient={detail} />}
    </div>
    <OrderSummary patient={detail ?? patient} />
  </div>
);
