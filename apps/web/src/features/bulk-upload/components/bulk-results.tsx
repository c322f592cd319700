import { bulkResultsCsvRows, type TBulkUploadResults } from '@portal/domain/bulk-users';
import { datedCsvName } from '@portal/domain/csv-cells';
import { saveCsvRows } from '../../../lib/csv-transfer';
import {
  ScrollTable,
  Stat,
  panelClass,
  tdClass,
  toolButtonClass,
} from '../../../components/ui/csv-tools';

/** Total, the created users with their temporary passwords, the failed rows, and the file. */
export const BulkResults = ({ results }: { results: TBulkUploadResults }) => (
  <section aria-labelledby="bulk-results-heading" className={panelClass}>
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 id="bulk-results-heading" className="text-lg font-semibold text-slate-900">
        Upload Results
      </h2>
      <button
        type="button"
        className={toolButtonClass}
        onClick={() => saveCsvRows(bulkResultsCsvRows(results), datedCsvName('upload_results'))}
      >
        Download Results CSV
      </button>
    </div>
    <dl className="mb-4 grid grid-cols-3 gap-3 sm:max-w-md">
      <Stat label="Total" value={results.total} />
      <Stat label="Created" value={results.successful.length} tone="green" />
      <Stat label="Failed" value={results.failed.length} tone="red" />
    </dl>
    <p className="mb-4 text-sm text-slate-700">
      Temporary passwords are shown only now: download the results file and hand each person their
      password securely. Everyone must choose a new password at first sign-in.
    </p>
    {results.successful.length > 0 && (
      <>
        <h3 className="mb-2 font-semibold text-slate-900">Created Users</h3>
        <ScrollTable label="Created users" columns={['Email', 'Name', 'Role', 'Temp Password']}>
          {results.successful.map((user) => (
            <tr key={user.row}>
              <td className={`${tdClass} whitespace-nowrap`}>{user.email}</td>
              <td className={tdClass}>{user.name}</td>
              <td className={tdClass}>{user.role}</td>
              <td className={`${tdClass} font-mono whitespace-nowrap`}>{user.temp_password}</td>
            </tr>
          ))}
        </ScrollTable>
      </>
    )}
    {results.failed.length > 0 && (
      <>
        <h3 className="mt-6 mb-2 font-semibold text-red-800">Failed Rows</h3>
        <ScrollTable label="Failed rows" columns={['Row', 'Email', 'Error']}>
          {results.failed.map((row) => (
            <tr key={row.row}>
              <td className={tdClass}>{row.row}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{row.email || '—'}</td>
              <td className={`${tdClass} text-red-800`}>{row.error}</td>
            </tr>
          ))}
        </ScrollTable>
      </>
    )}
  </section>
);
