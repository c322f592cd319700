import { datedCsvName } from '@portal/domain/csv-cells';
import {
  activationResultsCsvRows,
  type TActivationResults,
} from '@portal/domain/portal-activation-api';
import {
  ScrollTable,
  Stat,
  panelClass,
  tdClass,
  toolButtonClass,
} from '../../../components/ui/csv-tools';
import { saveCsvRows } from '../../../lib/csv-transfer';

/** Total Processed, Successful, Failed, both tables and the results file. */
export const ActivationResults = ({ results }: { results: TActivationResults }) => (
  <section aria-labelledby="activation-results-heading" className={panelClass}>
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 id="activation-results-heading" className="text-lg font-semibold text-slate-900">
        Activation Results
      </h2>
      <button
        type="button"
        className={toolButtonClass}
        onClick={() =>
          saveCsvRows(activationResultsCsvRows(results), datedCsvName('patient_activation_results'))
        }
      >
        Download Results CSV
      </button>
    </div>
    <dl className="mb-4 grid grid-cols-3 gap-3 sm:max-w-lg">
      <Stat label="Total Processed" value={results.total} />
      <Stat label="Successful" value={results.successful.length} tone="green" />
      <Stat label="Failed" value={results.failed.length} tone="red" />
    </dl>
    {results.successful.length > 0 && (
      <>
        <h3 className="mb-2 font-semibold text-slate-900">Activated Patients</h3>
        <p className="mb-2 text-sm text-slate-700">
          Temporary passwords are shown only now; each patient must change theirs at first sign-in.
        </p>
        <ScrollTable
          label="Activated patients"
          columns={['Row', 'Patient ID', 'Name', 'Email', 'Primary Payor', 'Temp Password']}
        >
          {results.successful.map((row) => (
            <tr key={row.row}>
              <td className={tdClass}>{row.row}</td>
              <td className={tdClass}>{row.patient_id ?? 'N/A'}</td>
              <td className={tdClass}>{row.name}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{row.email}</td>
              <td className={tdClass}>{row.primary_payor ?? 'N/A'}</td>
              <td className={`${tdClass} font-mono whitespace-nowrap`}>{row.temp_password}</td>
            </tr>
          ))}
        </ScrollTable>
      </>
    )}
    {results.failed.length > 0 && (
      <>
        <h3 className="mt-6 mb-2 font-semibold text-red-800">Failed</h3>
        <ScrollTable label="Failed activations" columns={['Row', 'Patient ID', 'Email', 'Error']}>
          {results.failed.map((row) => (
            <tr key={row.row}>
              <td className={tdClass}>{row.row}</td>
              <td className={tdClass}>{row.patient_id ?? row.patient_key ?? 'N/A'}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{row.email ?? 'No email'}</td>
              <td className={`${tdClass} text-red-800`}>{row.error}</td>
            </tr>
          ))}
        </ScrollTable>
      </>
    )}
  </section>
);
