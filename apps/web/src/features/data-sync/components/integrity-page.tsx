import { formatDateTime } from '@portal/domain/format';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Panel } from '../../../components/ui/panel';
import { SkeletonTableRows } from '../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useDataIntegrity } from '../api/get-data-integrity';
import { NONE, formatCount, shortJobId } from '../lib/format';

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
  const data = integrity.data;
  return (
    <>
      <PageHeading title="Data Integrity" />
      <Panel aria-labelledby="integrity-table-title">
        {groupId === '' ? (
          <Alert tone="error">
            Choose a sync group: open this page from the Scheduler tab's Data Integrity list.
          </Alert>
        ) : integrity.isError ? (
          <ErrorState
            title={`Error checking data integrity: ${integrity.error.message}`}
            onRetry={() => void integrity.refetch()}
            retrying={integrity.isFetching}
          />
        ) : (
          <>
            <h2 id="integrity-table-title" className="text-lg font-semibold text-slate-900">
              {data?.group_name ?? groupId}
            </h2>
            <p className="mb-3 text-sm text-slate-600">
              {data
                ? `Checked ${formatDateTime(data.checked_at, NONE)}`
                : 'Counting and checksumming every table…'}
            </p>
            {data && data.tables.length === 0 ? (
              <EmptyState title="This group has no tables" />
            ) : (
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tables">
                <Table aria-busy={!data} wrapperClassName="overflow-visible">
                  <THead>
                    <TR>
                      {COLUMNS.map((column, index) => (
                        <TH key={column} numeric={index >= 1 && index <= 3}>
                          {column}
                        </TH>
                      ))}
                    </TR>
                  </THead>
                  <TBody>
                    {data ? (
                      data.tables.map((table) => (
                        <TR key={table.mysql_table} data-testid="integrity-row">
                          <TH scope="row">{table.mysql_table}</TH>
                          <TD numeric>{formatCount(table.warehouse_count)}</TD>
                          <TD numeric>{formatCount(table.portal_count)}</TD>
                          <TD numeric>{formatCount(table.difference)}</TD>
                          <TD
                            className={cn(
                              table.checksum_match === false && 'font-semibold text-red-800',
                            )}
                          >
                            {checksum(table.checksum_match)}
                          </TD>
                          <TD>
                            {formatDateTime(table.last_sync, NONE)}
                            {table.last_sync_job_id && (
                              <span className="block font-mono text-xs text-slate-500">
                                {shortJobId(table.last_sync_job_id)}
                              </span>
                            )}
                          </TD>
                          <TD className="text-red-800">{table.error ?? ''}</TD>
                        </TR>
                      ))
                    ) : (
                      <SkeletonTableRows
                        columns={COLUMNS}
                        rows={4}
                        label="Counting and checksumming every table..."
                      />
                    )}
                  </TBody>
                </Table>
              </div>
            )}
          </>
        )}
      </Panel>
    </>
  );
};
