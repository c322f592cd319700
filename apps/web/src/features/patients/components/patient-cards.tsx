import { formatDate, formatPhone } from '@portal/domain/format';
import type { TPatientSummary } from '@portal/domain/patients-api';
import { fullName } from '../lib/patient-display';
import { buttonClass, textButtonClass } from '../lib/ui-classes';
import { FavoriteButton } from './favorite-button';
import { LOADING_ROWS, type TPatientRowActions } from './patient-row-actions';

type TPatientCardsProps = TPatientRowActions & {
  patients: readonly TPatientSummary[];
  loading: boolean;
};

/** The patient list on phones (below md): one card per patient. */
export const PatientCards = ({ patients, loading, ...actions }: TPatientCardsProps) => (
  <ul className="space-y-3 md:hidden" aria-label="Patients" aria-busy={loading}>
    {loading
      ? Array.from({ length: LOADING_ROWS }, (_, index) => (
          <li
            key={index}
            data-testid="patient-placeholder-card"
            className="h-24 animate-pulse rounded-xl bg-slate-100"
          />
        ))
      : patients.map((patient) => (
          <PatientCard key={patient.patient_key} patient={patient} {...actions} />
        ))}
  </ul>
);

const Field = ({ label, value }: { label: string; value: string | number }) => (
  <div>
    <dt className="text-xs text-slate-600">{label}</dt>
    <dd className="text-sm text-slate-900">{value}</dd>
  </div>
);

const PatientCard = ({
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
    <li
      data-testid="patient-card"
      aria-current={selected || undefined}
      className={`rounded-xl border p-4 ${selected ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="mb-2 flex items-start justify-between gap-2">
        <button type="button" className={textButtonClass} onClick={() => onSelect(patient)}>
          {name}
        </button>
        <FavoriteButton
          patientName={name}
          isFavorite={favorites.has(patient.patient_key)}
          onToggle={() => onToggleFavorite(patient.patient_key)}
        />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <Field label="Patient ID" value={patient.patient_id ?? ''} />
        <Field label="Date of Birth" value={formatDate(patient.dob)} />
        <Field label="Phone" value={formatPhone(patient.phone)} />
        <Field label="Orders" value={patient.order_count} />
        <Field label="In Progress" value={patient.in_progress_count} />
      </dl>
      <button
        type="button"
        aria-label={`Details for ${name}`}
        className={`${buttonClass} mt-3 w-full`}
        onClick={() => onDetails(patient)}
      >
        Details
      </button>
    </li>
  );
};
