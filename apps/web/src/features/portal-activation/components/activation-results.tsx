import { datedCsvName } from '@portal/domain/csv-cells';
import {
  activationResultsCsvRows,
  type TActivationResults,
} from '@portal/domain/portal-activation-api';
import { Button } from '../../../components/ui/button';
import { ScrollTable, Stat } from '../../../components/ui/csv-tools';
import { TempPasswordCell } from '../../../components/access-delivery';
import { Panel } from '../../../components/ui/panel';
import { TD, TR } from '../../../components/ui/table';
import { saveCsvRows } from '../../../lib/csv-transfer';

/** Total Processed, Successful, Failed, both tables and the results file. */
export const ActivationResults = ({ results }: { results: TActivationResults }) => (
  <Panel aria-labelledby="activation-results-heading" className="mb-6">
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 id="activation-results-heading" className="text-lg font-semibold text-slate-900">
        Activation Results
      </h2>
      <Button
        onClick={() =>
          saveCsvRows(activationResultsCsvRows(results), datedCsvName('patient_activation_results'))
        }
      >
        Download Results CSV
      </Button>
    </div>
    <dl className="mb-4 grid grid-cols-3 gap-3 sm:max-w-lg">
      <Stat label="Total Processed" value={results.total} />
      <Stat label="Successful" value={results.successful.length} tone="green" />
      <Stat label="Failed" value={results.failed.length} tone="red" />
    </dl>
    {results.successful.length > 0 && (
      <>
        <h3 className="mb-2 font-semibold text-slate-900">Activated Patients</h3>
        {results.successful.some((row) => row.invited) && (
          <p className="mb-2 text-sm text-slate-700">
            Patients marked invited were sent an invitation email with a one-time link to choose
            their password.
          </p>
        )}
        {results.successful.some((row) => !row.invited) && (
          <p className="mb-2 text-sm text-slate-700">
            Temporary passwords are shown only now; each patient must change theirs at first
            sign-in.
          </p>
        )}
        <ScrollTable
          label="Activated patients"
          columns={['Row', 'Patient ID', 'Name', 'Email', 'Primary Payor', 'Temp Password']}
        >
          {results.successful.map((row) => (
            <TR key={row.row}>
              <TD>{row.row}</TD>
              <TD>{row.patient_id ?? 'N/A'}</TD>
              <TD>{row.name}</TD>
              <TD className="whitespace-nowrap">{row.email}</TD>
              <TD>{row.primary_payor ?? 'N/A'}</TD>
              <TD>
                <TempPasswordCell row={row} />
              </TD>
            </TR>
          ))}
        </ScrollTable>
      </>
    )}
    {results.failed.length > 0 && (
      <>
        <h3 className="mt-6 mb-2 font-semibold text-red-800">Failed</h3>
        <ScrollTable label="Failed activations" columns={['Row', 'Patient ID', 'Email', 'Error']}>
          {results.failed.map((row) => (
            <TR key={row.row}>
              <TD>{row.row}</TD>
              <TD>{row.patient_id ?? row.patient_key ?? 'N/A'}</TD>
              <TD className="whitespace-nowrap">{row.email ?? 'No email'}</TD>
              <TD className="text-red-800">{row.error}</TD>
            </TR>
          ))}
        </ScrollTable>
      </>
    )}
  </Panel>
);
