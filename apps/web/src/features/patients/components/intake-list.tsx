import { Link } from 'react-router';
import { dashboardPatientLink } from '@portal/domain/dashboard-link';
import { formatDate, formatPhone } from '@portal/domain/format';
import type { TIntakePatient } from '@portal/domain/patients-api';
import { Button } from '../../../components/ui/button';
import { CardList, CardListItem, TableOrCards } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonRows, SkeletonTableRows } from '../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';
import { fullName } from '../lib/patient-display';
import { HeaderRow } from './table-parts';

type TIntakeListProps = {
  patients: readonly TIntakePatient[];
  /** The payor whose intake this is: the dashboard opens the patient under it. */
  payorKey: string;
};

const COLUMNS = ['Patient Name', 'Patient ID', 'Date of Birth'] as const;
const LOADING_TEXT = 'Loading intake patients...';

/**
 * The patient's name, leading to the patient on the dashboard (found by their patient ID)
 * when the payor's patient list holds them; plain text while it does not.
 */
const IntakeName = ({ patient, payorKey }: { patient: TIntakePatient; payorKey: string }) => {
  const name = fullName(patient);
  if (!patient.has_patient_record) {
    return <>{name}</>;
  }
  const to = dashboardPatientLink({
    payorKey,
    patientKey: patient.patient_key,
    search: patient.patient_id ?? patient.last_name,
  });
  return (
    <Button asChild variant="link">
      <Link to={to}>{name}</Link>
    </Button>
  );
};

/** Placeholder rows (or cards) of the list's size while the first page loads. */
export const IntakeListLoading = () => (
  <TableOrCards
    table={
      <Table responsive aria-busy="true">
        <caption className="sr-only">Intake patients</caption>
        <THead>
          <HeaderRow columns={COLUMNS} />
        </THead>
        <TBody>
          <SkeletonTableRows columns={COLUMNS} label={LOADING_TEXT} />
        </TBody>
      </Table>
    }
    cards={
      <SkeletonRows label={LOADING_TEXT} rowClassName="h-24 rounded-xl" className="md:hidden" />
    }
  />
);

/**
 * Intake patients: a table on desktop, cards with the phone on phones; only the one that
 * shows is drawn (lib/use-wide-screen.ts).
 */
export const IntakeList = ({ patients, payorKey }: TIntakeListProps) => {
  if (patients.length === 0) {
    return (
      <EmptyState
        title="No intake patients found"
        text="Try another name or patient ID, or clear the search."
      />
    );
  }
  return (
    <TableOrCards
      table={<IntakeTable patients={patients} payorKey={payorKey} />}
      cards={<IntakeCards patients={patients} payorKey={payorKey} />}
    />
  );
};

const IntakeTable = ({ patients, payorKey }: TIntakeListProps) => (
  <Table responsive>
    <caption className="sr-only">Intake patients</caption>
    <THead>
      <HeaderRow columns={COLUMNS} />
    </THead>
    <TBody>
      {patients.map((patient) => (
        <TR key={patient.patient_key}>
          <TH scope="row">
            <IntakeName patient={patient} payorKey={payorKey} />
          </TH>
          <TD>{patient.patient_id ?? ''}</TD>
          <TD>{formatDate(patient.dob)}</TD>
        </TR>
      ))}
    </TBody>
  </Table>
);

const IntakeCards = ({ patients, payorKey }: TIntakeListProps) => (
  <CardList aria-label="Intake patients">
    {patients.map((patient) => (
      <CardListItem key={patient.patient_key} data-testid="intake-card" className="p-4">
        <p className="mb-2 font-medium text-slate-900">
          <IntakeName patient={patient} payorKey={payorKey} />
        </p>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-xs text-slate-600">Patient ID</dt>
            <dd>{patient.patient_id ?? ''}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Date of Birth</dt>
            <dd>{formatDate(patient.dob)}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-600">Phone</dt>
            <dd>{formatPhone(patient.phone)}</dd>
          </div>
        </dl>
      </CardListItem>
    ))}
  </CardList>
);
