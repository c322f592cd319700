import { formatPhone } from '@portal/domain/format';
import type { TPatientWithoutPortal } from '@portal/domain/portal-activation-api';
import { Checkbox, CheckboxBox } from '../../../components/ui/checkbox';
import { ScrollTable } from '../../../components/ui/csv-tools';
import { TD, TR } from '../../../components/ui/table';

const nameOf = (patient: TPatientWithoutPortal) =>
  [patient.first_name, patient.last_name].filter(Boolean).join(' ') || 'N/A';

export const PATIENT_COLUMNS = ['Select', 'Patient ID', 'Name', 'Email', 'Phone', 'Primary Payor'];

/** The page's patients with a checkbox each and one that selects the whole page. */
export const PatientsTable = ({
  patients,
  selected,
  onToggle,
  onTogglePage,
}: {
  patients: TPatientWithoutPortal[];
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onTogglePage: (select: boolean) => void;
}) => {
  const all = patients.length > 0 && patients.every((p) => selected.has(p.patient_key));
  const some = patients.some((p) => selected.has(p.patient_key));

  return (
    <div className="relative">
      <Checkbox
        className="mb-3"
        label="Select all on this page"
        // A partial selection shows as a dash; a click then selects the whole page.
        checked={all ? true : some ? 'indeterminate' : false}
        onCheckedChange={(checked) => onTogglePage(checked === true)}
      />
      <ScrollTable label="Patients without portal access" columns={PATIENT_COLUMNS}>
        {patients.map((patient) => (
          <TR
            key={patient.patient_key}
            className={selected.has(patient.patient_key) ? 'bg-brand-50' : undefined}
          >
            <TD>
              <CheckboxBox
                checked={selected.has(patient.patient_key)}
                onCheckedChange={() => onToggle(patient.patient_key)}
                aria-label={`Select ${nameOf(patient)} (${patient.patient_id ?? patient.patient_key})`}
              />
            </TD>
            <TD className="whitespace-nowrap">{patient.patient_id ?? 'N/A'}</TD>
            <TD>{nameOf(patient)}</TD>
            <TD className="whitespace-nowrap">
              {patient.email ?? <span className="text-slate-500 italic">No email</span>}
            </TD>
            <TD className="whitespace-nowrap">{formatPhone(patient.phone)}</TD>
            <TD>{patient.primary_payor ?? 'N/A'}</TD>
          </TR>
        ))}
      </ScrollTable>
    </div>
  );
};
