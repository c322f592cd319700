import { useEffect, useRef } from 'react';
import { formatPhone } from '@portal/domain/format';
import type { TPatientWithoutPortal } from '@portal/domain/portal-activation-api';
import { ScrollTable, tdClass } from '../../../components/ui/csv-tools';

const nameOf = (patient: TPatientWithoutPortal) =>
  [patient.first_name, patient.last_name].filter(Boolean).join(' ') || 'N/A';

const checkboxClass = 'h-4 w-4 accent-brand-600';

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
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) {
      selectAll.current.indeterminate = some && !all;
    }
  }, [some, all]);

  return (
    <div className="relative">
      <label className="mb-2 inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          ref={selectAll}
          type="checkbox"
          className={checkboxClass}
          checked={all}
          onChange={(event) => onTogglePage(event.target.checked)}
        />
        Select all on this page
      </label>
      <ScrollTable
        label="Patients without portal access"
        columns={['Select', 'Patient ID', 'Name', 'Email', 'Phone', 'Primary Payor']}
      >
        {patients.map((patient) => (
          <tr
            key={patient.patient_key}
            className={selected.has(patient.patient_key) ? 'bg-brand-50' : ''}
          >
            <td className={tdClass}>
              <input
                type="checkbox"
                className={checkboxClass}
                checked={selected.has(patient.patient_key)}
                onChange={() => onToggle(patient.patient_key)}
                aria-label={`Select ${nameOf(patient)} (${patient.patient_id ?? patient.patient_key})`}
              />
            </td>
            <td className={`${tdClass} whitespace-nowrap`}>{patient.patient_id ?? 'N/A'}</td>
            <td className={tdClass}>{nameOf(patient)}</td>
            <td className={`${tdClass} whitespace-nowrap`}>
              {patient.email ?? <span className="text-slate-500 italic">No email</span>}
            </td>
            <td className={`${tdClass} whitespace-nowrap`}>{formatPhone(patient.phone)}</td>
            <td className={tdClass}>{patient.primary_payor ?? 'N/A'}</td>
          </tr>
        ))}
      </ScrollTable>
    </div>
  );
};
