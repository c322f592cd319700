import { useState } from 'react';
import { ANALYTICS_LIMITS, type TReorderPattern } from '@portal/domain/analytics';
import { formatDays, formatShortDate } from '@portal/domain/format';
import { Pager } from '../../../components/ui/pager';
import { useReorderPatterns } from '../api/get-reorder-patterns';
import { ExportCsvButton } from './export-csv-button';
import { ErrorBox } from './panel-states';
import { StatusBadge } from './status-badge';

const COLUMNS = ['Patient', 'Orders', 'Avg Cycle', 'Last Order', 'Next Order', 'Status'];

const cells = (row: TReorderPattern) => [
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
    return (
      <p className="text-sm text-slate-600">No patient has enough orders in the last 180 days.</p>
    );
  }
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2 px-4 pt-3">
        <p className="pt-2 text-sm text-slate-600">
          {total.toLocaleString('en-US')} patients, most urgent first
        </p>
        <ExportCsvButton scope="all" label="Export CSV: all tracked patients" />
      </div>
      {query.isError && (
        <div className="px-4 pt-3">
          <ErrorBox>Error loading reorder patterns: {query.error.message}</ErrorBox>
        </div>
      )}
      {/* A focusable region: keyboard users can scroll it if the columns ever overflow. */}
      <div
        role="region"
        aria-label="Patient Reorder Schedule table"
        tabIndex={0}
        className="hidden overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none md:block"
      >
        <table className="min-w-full text-left text-sm" aria-busy={query.isPlaceholderData}>
          <caption className="px-4 py-3 text-left font-semibold text-slate-900">
            Patient Reorder Schedule
          </caption>
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              {COLUMNS.map((name) => (
                <th key={name} scope="col" className="px-4 py-2 font-semibold">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.patient_key}>
                <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                  {row.patient_name}
                </th>
                {cells(row).map((cell, index) => (
                  <td key={index} className="px-4 py-2">
                    {cell}
                  </td>
                ))}
                <td className="px-4 py-2">
                  <StatusBadge status={row.reorder_status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="md:hidden">
        <h3 className="px-4 pt-3 font-semibold text-slate-900">Patient Reorder Schedule</h3>
        <ul aria-label="Patient Reorder Schedule" className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.patient_key} className="px-4 py-3 text-sm">
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
            </li>
          ))}
        </ul>
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
