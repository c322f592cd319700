import { ANALYTICS_LIMITS, type TReorderPattern } from '@portal/domain/analytics';
import { formatDays, formatShortDate } from '@portal/domain/format';
import { StatusBadge } from './status-badge';

/** 'Patient Reorder Schedule': the first 20 patients, most urgent first. */
export const ReorderSchedule = ({ patterns }: { patterns: TReorderPattern[] }) => (
  <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
    <table className="min-w-full text-left text-sm">
      <caption className="px-4 py-3 text-left font-semibold text-slate-900">
        Patient Reorder Schedule
      </caption>
      <thead className="bg-slate-50 text-xs uppercase text-slate-600">
        <tr>
          {['Patient', 'Orders', 'Avg Cycle', 'Last Order', 'Next Order', 'Status'].map((name) => (
            <th key={name} scope="col" className="px-4 py-2 font-semibold">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {patterns.slice(0, ANALYTICS_LIMITS.scheduleRows).map((row) => (
          <tr key={row.patient_key}>
            <th scope="row" className="px-4 py-2 font-medium text-slate-900">
              {row.patient_name}
            </th>
            <td className="px-4 py-2">{row.total_orders}</td>
            <td className="px-4 py-2">{formatDays(row.avg_days_between_orders)}</td>
            <td className="px-4 py-2">{formatShortDate(row.last_order_date)}</td>
            <td className="px-4 py-2">{formatShortDate(row.predicted_next_order)}</td>
            <td className="px-4 py-2">
              <StatusBadge status={row.reorder_status} />
            </td>
          </tr>
        ))}
        {patterns.length === 0 && (
          <tr>
            <td colSpan={6} className="px-4 py-3 text-slate-600">
              No patient has enough orders in the last 180 days.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  </div>
);
