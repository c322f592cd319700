import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { useDataIntegrity } from '../api/get-data-integrity';
import { formatCount, formatDateTime, shortJobId } from '../lib/format';
import { panelClass, tableClass, tdClass, thClass } from '../lib/ui-classes';

const COLUMNS = [
  'Table',
  'Warehouse rows',
  'Portal rows',
  'Difference',
  'Checksum',
  'Last sync',
  'Note',
];

const checksum = (match: boolean | null) =>
  match === null ? 'Not compared' : match ? 'Match' : 'Mismatch';

/** /data-sync/integrity?group_id=: each table's counts and checksum, computed now. */
export const IntegrityPage = () => {
  const [params] = useSearchParams();
  const groupId = params.get('group_id') ?? '';
  const integrity = useDataIntegrity(groupId);
  return (
    <>
      <PageHeading title="Data Integrity" />
      <section className={panelClass} aria-labelledby="integrity-table-title">
        {groupId === '' ? (
          <Alert tone="error">
            Choose a sync group: open this page from the Scheduler tab's Data Integrity list.
          </Alert>
        ) : integrity.isPending ? (
          <Spinner label="Counting and checksumming every table..." />
        ) : integrity.isError ? (
          <Alert tone="error">Error checking data integrity: {integrity.error.message}</Alert>
        ) : (
          <>
            <h2 id="integrity-table-title" className="text-lg font-semibold text-slate-900">
              {integrity.data.group_name}
            </h2>
            <p className="mb-3 text-sm text-slate-600">
              Checked {formatDateTime(integrity.data.checked_at)}
            </p>
            {integrity.data.tables.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600">This group has no tables</p>
            ) : (
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tables">
                <table className={tableClass}>
                  <thead>
                    <tr>
                      {COLUMNS.map((column) => (
                        <th key={column} scope="col" className={thClass}>
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {integrity.data.tables.map((table) => (
                      <tr key={table.mysql_table} data-testid="integrity-row">
                        <td className={`${tdClass} font-medium`}>{table.mysql_table}</td>
                        <td className={tdClass}>{formatCount(table.warehouse_count)}</td>
                        <td className={tdClass}>{formatCount(table.portal_count)}</td>
                        <td className={tdClass}>{formatCount(table.difference)}</td>
                        <td
                          className={`${tdClass} ${table.checksum_match === false ? 'font-semibold text-red-800' : ''}`}
                        >
                          {checksum(table.checksum_match)}
                        </td>
                        <td className={tdClass}>
                          {formatDateTime(table.last_sync)}
                          {table.last_sync_job_id && (
                            <span className="block font-mono text-xs text-slate-500">
                              {shortJobId(table.last_sync_job_id)}
                            </span>
                          )}
                        </td>
                        <td className={`${tdClass} text-red-800`}>{table.error ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </section>
    </>
  );
};
