import { Link } from 'react-router';
import { dashboardPatientLink } from '@portal/domain/dashboard-link';
import { formatDate, formatPhone } from '@portal/domain/format';
import type { TIntakePatient } from '@portal/domain/patients-api';
import { useWideScreen } from '../../../lib/use-wide-screen';
import { fullName } from '../lib/patient-display';
import { tableClass, tdClass, textButtonClass, thClass } from '../lib/ui-classes';

type TIntakeListProps = {
  patients: readonly TIntakePatient[];
  /** The payor whose intake this is: the dashboard opens the patient under it. */
  payorKey: string;
};

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
    <Link to={to} className={textButtonClass}>
      {name}
    </Link>
  );
};

/**
 * Intake patients: a table on desktop, cards with the phone on phones; only the one that
 * shows is drawn (lib/use-wide-screen.ts).
 */
export const IntakeList = ({ patients, payorKey }: TIntakeListProps) => {
  const wide = useWideScreen();
  if (patients.length === 0) {
    return <p className="py-8 text-center text-slate-600">No intake patients found</p>;
  }
  return (
    <>
      {wide !== false && <IntakeTable patients={patients} payorKey={payorKey} />}
      {wide !== true && <IntakeCards patients={patients} payorKey={payorKey} />}
    </>
  );
};

const IntakeTable = ({ patients, payorKey }: TIntakeListProps) => (
  <div className="hidden overflow-x-auto md:block">
    <table className={tableClass}>
      <caption className="sr-only">Intake patients</caption>
      <thead>
        <tr>
          <th scope="col" className={thClass}>
            Patient Name
          </th>
          <th scope="col" className={thClass}>
            Patient ID
          </th>
          <th scope="col" className={thClass}>
            Date of Birth
          </th>
        </tr>
      </thead>
      <tbody>
        {patients.map((patient) => (
          <tr key={patient.patient_key}>
            <th scope="row" className={`${tdClass} font-medium`}>
              <IntakeName patient={patient} payorKey={payorKey} />
            </th>
            <td className={tdClass}>{patient.patient_id ?? ''}</td>
            <td className={tdClass}>{formatDate(patient.dob)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

const IntakeCards = ({ patients, payorKey }: TIntakeListProps) => (
  <ul className="space-y-3 md:hidden" aria-label="Intake patients">
    {patients.map((patient) => (
      <li
        key={patient.patient_key}
        data-testid="intake-card"
        className="rounded-xl border border-slate-200 bg-white p-4"
      >
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
      </li>
    ))}
  </ul>
);
