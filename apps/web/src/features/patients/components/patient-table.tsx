import { formatDate, formatPhone } from '@portal/domain/format';
import type { TPatientSummary } from '@portal/domain/patients-api';
import { Button } from '../../../components/ui/button';
import { SkeletonTableRows } from '../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';
import { fullName } from '../lib/patient-display';
import { FavoriteButton } from './favorite-button';
import { FIRST_LOAD_TEXT, LOADING_ROWS, type TPatientRowActions } from './patient-row-actions';
import { HeaderRow } from './table-parts';

const COLUMNS = [
  'Patient Name',
  'Patient ID',
  'Date of Birth',
  'Phone',
  'Orders',
  'In Progress',
  'Favorite',
] as const;

type TPatientTableProps = TPatientRowActions & {
  patients: readonly TPatientSummary[];
  loading: boolean;
};

/** The desktop patient list (md and up); phones get PatientCards instead. */
export const PatientTable = ({ patients, loading, ...actions }: TPatientTableProps) => (
  <Table responsive aria-busy={loading}>
    <caption className="sr-only">Patients</caption>
    <THead>
      <HeaderRow columns={COLUMNS} />
    </THead>
    <TBody>
      {loading ? (
        <SkeletonTableRows
          columns={COLUMNS}
          rows={LOADING_ROWS}
          label={FIRST_LOAD_TEXT}
          testId="patient-placeholder-row"
        />
      ) : (
        patients.map((patient) => (
          <PatientRow key={patient.patient_key} patient={patient} {...actions} />
        ))
      )}
    </TBody>
  </Table>
);

const PatientRow = ({
  patient,
  favorites,
  selectedKey,
  onSelect,
  onDetails,
  onToggleFavorite,
}: TPatientRowActions & { patient: TPatientSummary }) => {
  const name = fullName(patient);
  const selected = patient.patient_key === selectedKey;
  return (
    <TR aria-current={selected || undefined} className={selected ? 'bg-brand-50' : undefined}>
      <TH scope="row" className="font-normal">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button variant="link" onClick={() => onSelect(patient)}>
            {name}
          </Button>
          <Button
            variant="link"
            aria-label={`Details for ${name}`}
            className="text-xs text-slate-600"
            onClick={() => onDetails(patient)}
          >
            Details
          </Button>
        </div>
      </TH>
      <TD>{patient.patient_id ?? ''}</TD>
      <TD>{formatDate(patient.dob)}</TD>
      <TD className="whitespace-nowrap">{formatPhone(patient.phone)}</TD>
      <TD>{patient.order_count}</TD>
      <TD>{patient.in_progress_count}</TD>
      <TD>
        <FavoriteButton
          patientName={name}
          isFavorite={favorites.has(patient.patient_key)}
          onToggle={() => onToggleFavorite(patient.patient_key)}
        />
      </TD>
    </TR>
  );
};
