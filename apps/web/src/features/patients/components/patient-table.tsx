import { formatDate, formatPhone } from '@portal/domain/format';
import type { TPatientSummary } from '@portal/domain/patients-api';
import { fullName } from '../lib/patient-display';
import { tableClass, tdClass, textButtonClass } from '../lib/ui-classes';
import { FavoriteButton } from './favorite-button';
import { LOADING_ROWS, type TPatientRowActions } from './patient-row-actions';
import { HeaderRow, PlaceholderRows } from './table-parts';

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
  <div className="hidden overflow-x-auto md:block">
    <table className={tableClass} aria-busy={loading}>
      <caption className="sr-only">Patients</caption>
      <thead>
        <HeaderRow columns={COLUMNS} />
      </thead>
      <tbody>
        {loading ? (
          <PlaceholderRows columns={COLUMNS} rows={LOADING_ROWS} testId="patient-placeholder-row" />
        ) : (
          patients.map((patient) => (
            <PatientRow key={patient.patient_key} patient={patient} {...actions} />
          ))
        )}
      </tbody>
    </table>
  </div>
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
    <tr aria-current={selected || undefined} className={selected ? 'bg-brand-50' : undefined}>
      <th scope="row" className={`${tdClass} font-normal`}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <button type="button" className={textButtonClass} onClick={() => onSelect(patient)}>
            {name}
          </button>
          <button
            type="button"
            aria-label={`Details for ${name}`}
            className={`${textButtonClass} text-xs text-slate-600`}
            onClick={() => onDetails(patient)}
          >
            Details
          </button>
        </div>
      </th>
      <td className={tdClass}>{patient.patient_id ?? ''}</td>
      <td className={tdClass}>{formatDate(patient.dob)}</td>
      <td className={`${tdClass} whitespace-nowrap`}>{formatPhone(patient.phone)}</td>
      <td className={tdClass}>{patient.order_count}</td>
      <td className={tdClass}>{patient.in_progress_count}</td>
      <td className={tdClass}>
        <FavoriteButton
          patientName={name}
          isFavorite={favorites.has(patient.patient_key)}
          onToggle={() => onToggleFavorite(patient.patient_key)}
        />
      </td>
    </tr>
  );
};
