import { useState } from 'react';
import { ANALYTICS_LIMITS } from '@portal/domain/analytics';
import { formatDays, formatShortDate } from '@portal/domain/format';
import { CardList, CardListItem } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { SkeletonRows, SkeletonTableRows } from '../../../components/ui/skeleton';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table';
import { useReorderPatterns, type TReorderRow } from '../api/get-reorder-patterns';
import { ExportCsvButton } from './export-csv-button';
import { ErrorBox } from './panel-states';
import { StatusBadge } from './status-badge';

const COLUMNS = ['Patient', 'Orders', 'Avg Cycle', 'Last Order', 'Next Order', 'Status'];

const cells = (row: TReorderRow) => [
  String(row.total_orders),
  formatDays(row.avg_days_between_orders),
  formatShortDate(row.last_order_date),
  formatShortDate(row.predicted_next_order),
];

/**
 * 'Patient Reorder Schedule': 20 patients a page, most urgent first (the spec's first 20 are
 * page 1), a table on wider screens and cards on a phone, and every patient as CSV.
 */
export const ReorderSchedule = ({ total }: { total: number }) => {
  const [page, setPage] = useState(1);
  const size = ANALYTICS_LIMITS.scheduleRows;
  const query = useReorderPatterns({ limit: size, offset: (page - 1) * size });
  const rows = query.data?.reorder_patterns ?? [];
  if (total === 0) {
    return <EmptyState title="No patient has enough orders in the last 180 days." />;
  }
  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2 px-4 pt-3">
        <p className="pt-2 text-sm text-slate-600">
          {total.toLocaleString('en-US')} {total === 1 ? 'patient' : 'patients'}, most urgent first
        </p>
        <ExportCsvButton scope="all" label="Export CSV: all tracked patients" />
      </div>
      {query.isError && (
        <div className="px-4 pt-3">
          <ErrorBox onRetry={() => void query.refetch()} retrying={query.isFetching}>
            Error loading reorder patterns: {query.error.message}
          </ErrorBox>
        </div>
      )}
      {/* A focusable region: keyboard users can scroll it if the columns ever overflow. */}
      <div
        role="region"
        aria-label="Patient Reorder Schedule table"
        tabIndex={0}
        className="hidden focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none md:block"
      >
        <Table aria-busy={query.isPending || query.isPlaceholderData}>
          <caption className="px-3 py-3 text-left font-semibold text-slate-900">
            Patient Reorder Schedule
          </caption>
          <THead>
            <TR>
              {COLUMNS.map((name) => (
                <TH key={name}>{name}</TH>
              ))}
            </TR>
          </THead>
          <TBody>
            {query.isPending ? (
              <SkeletonTableRows columns={COLUMNS} label="Loading reorder schedule..." />
            ) : (
              rows.map((row) => (
                <TR key={row.patient_key}>
                  <TH scope="row" className="text-slate-900">
                    {row.patient_name}
                  </TH>
                  {cells(row).map((cell, index) => (
                    <TD key={index}>{cell}</TD>
                  ))}
                  <TD>
                    <StatusBadge status={row.reorder_status} />
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
      </div>
      <div className="px-4 pt-3 md:hidden">
        <h3 className="mb-3 font-semibold text-slate-900">Patient Reorder Schedule</h3>
        {query.isPending ? (
          <SkeletonRows
            rows={4}
            rowClassName="h-24 rounded-xl"
            label="Loading reorder schedule..."
          />
        ) : (
          <CardList aria-label="Patient Reorder Schedule">
            {rows.map((row) => (
              <CardListItem key={row.patient_key}>
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium break-words text-slate-900">{row.patient_name}</p>
                  <StatusBadge status={row.reorder_status} />
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
                  {cells(row).map((cell, index) => (
                    <div key={COLUMNS[index + 1]}>
                      <dt className="text-xs text-slate-600">{COLUMNS[index + 1]}</dt>
                      <dd>{cell}</dd>
                    </div>
                  ))}
                </dl>
              </CardListItem>
            ))}
          </CardList>
        )}
      </div>
      <div className="px-4 pb-3">
        <Pager
          label="Patient Reorder Schedule"
          page={page}
          pages={Math.ceil(total / size)}
          onPageChange={setPage}
          disabled={query.isPlaceholderData}
        />
      </div>
    </div>
  );
};
