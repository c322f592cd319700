import { bulkResultsCsvRows, type TBulkUploadResults } from '@portal/domain/bulk-users';
import { datedCsvName } from '@portal/domain/csv-cells';
import { saveCsvRows } from '../../../lib/csv-transfer';
import { Button } from '../../../components/ui/button';
import { ScrollTable, Stat } from '../../../components/ui/csv-tools';
import { TempPasswordCell } from '../../../components/access-delivery';
import { Panel } from '../../../components/ui/panel';
import { TD, TR } from '../../../components/ui/table';

/** What the admin does next: nothing for the invited, hand out the passwords otherwise. */
const ResultsNote = ({ results }: { results: TBulkUploadResults }) => (
  <>
    {results.successful.some((user) => user.invited) && (
      <p className="mb-2 text-sm text-slate-700">
        Users marked invited were sent an invitation email with a one-time link to choose their
        password.
      </p>
    )}
    {results.successful.some((user) => !user.invited) && (
      <p className="mb-4 text-sm text-slate-700">
        Temporary passwords are shown only now: download the results file and hand each person their
        password securely. Everyone must choose a new password at first sign-in.
      </p>
    )}
  </>
);

/** Total, the created users with their temporary passwords, the failed rows, and the file. */
export const BulkResults = ({ results }: { results: TBulkUploadResults }) => (
  <Panel aria-labelledby="bulk-results-heading" className="mb-6">
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 id="bulk-results-heading" className="text-lg font-semibold text-slate-900">
        Upload Results
      </h2>
      <Button
        onClick={() => saveCsvRows(bulkResultsCsvRows(results), datedCsvName('upload_results'))}
      >
        Download Results CSV
      </Button>
    </div>
    <dl className="mb-4 grid grid-cols-3 gap-3 sm:max-w-md">
      <Stat label="Total" value={results.total} />
      <Stat label="Created" value={results.successful.length} tone="green" />
      <Stat label="Failed" value={results.failed.length} tone="red" />
    </dl>
    <ResultsNote results={results} />
    {results.successful.length > 0 && (
      <>
        <h3 className="mb-2 font-semibold text-slate-900">Created Users</h3>
        <ScrollTable label="Created users" columns={['Email', 'Name', 'Role', 'Temp Password']}>
          {results.successful.map((user) => (
            <TR key={user.row}>
              <TD className="whitespace-nowrap">{user.email}</TD>
              <TD>{user.name}</TD>
              <TD>{user.role}</TD>
              <TD>
                <TempPasswordCell row={user} />
              </TD>
            </TR>
          ))}
        </ScrollTable>
      </>
    )}
    {results.failed.length > 0 && (
      <>
        <h3 className="mt-6 mb-2 font-semibold text-red-800">Failed Rows</h3>
        <ScrollTable label="Failed rows" columns={['Row', 'Email', 'Error']}>
          {results.failed.map((row) => (
            <TR key={row.row}>
              <TD>{row.row}</TD>
              <TD className="whitespace-nowrap">{row.email || '—'}</TD>
              <TD className="text-red-800">{row.error}</TD>
            </TR>
          ))}
        </ScrollTable>
      </>
    )}
  </Panel>
);
