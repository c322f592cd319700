import { formatDate, formatPhone } from '@portal/domain/format';
import type { TPatientSummary } from '@portal/domain/patients-api';
import { Button } from '../../../components/ui/button';
import { CardList, CardListItem } from '../../../components/ui/card-list';
import { cn } from '../../../lib/cn';
import { fullName } from '../lib/patient-display';
import { FavoriteButton } from './favorite-button';
import { FIRST_LOAD_TEXT, LOADING_ROWS, type TPatientRowActions } from './patient-row-actions';

type TPatientCardsProps = TPatientRowActions & {
  patients: readonly TPatientSummary[];
  loading: boolean;
};

/** Card-sized placeholders while a page loads, and one polite status for screen readers. */
const PlaceholderCards = () => (
  <div aria-busy="true">
    <p role="status" className="sr-only">
      {FIRST_LOAD_TEXT}
    </p>
    <CardList aria-hidden="true">
      {Array.from({ length: LOADING_ROWS }, (_, index) => (
        <li
          key={index}
          data-testid="patient-placeholder-card"
          className="h-24 animate-pulse rounded-xl bg-slate-100"
        />
      ))}
    </CardList>
  </div>
);

/** The patient list on phones (below md): one card per patient. */
export const PatientCards = ({ patients, loading, ...actions }: TPatientCardsProps) =>
  loading ? (
    <PlaceholderCards />
  ) : (
    <CardList aria-label="Patients">
      {patients.map((patient) => (
        <PatientCard key={patient.patient_key} patient={patient} {...actions} />
      ))}
    </CardList>
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
    <CardListItem
      data-testid="patient-card"
      aria-current={selected || undefined}
      className={cn('p-4', selected && 'border-brand-600 bg-brand-50')}
    >
      <div className="mb-2 flex items-start justify-between gap-2">
        <Button variant="link" onClick={() => onSelect(patient)}>
          {name}
        </Button>
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
      <Button
        size="sm"
        aria-label={`Details for ${name}`}
        className="mt-3 w-full"
        onClick={() => onDetails(patient)}
      >
        Details
      </Button>
    </CardListItem>
  );
};
