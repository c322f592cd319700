import { Link } from 'react-router';
import {
  ANALYTICS_LIMITS,
  reorderStatusColour,
  type TReorderResponse,
} from '@portal/domain/analytics';
import { dashboardPatientLink } from '@portal/domain/dashboard-link';
import { formatDaysUntilReorder, formatShortDate } from '@portal/domain/format';

/** The 'Action Required' banner and up to 5 overdue or due-soon patients. */
export const ReorderOverview = ({ data }: { data: TReorderResponse }) => {
  const overdue = data.summary.overdue_reorders;
  const attention = data.reorder_patterns
    .filter((row) => row.reorder_status === 'overdue' || row.reorder_status === 'due_soon')
    .slice(0, ANALYTICS_LIMITS.attentionList);
  return (
    <div className="space-y-4">
      {overdue > 0 && (
        <div
          role="status"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <p className="font-semibold">Action Required</p>
          <p>
            {overdue} patients are overdue for reorders. Consider reaching out to ensure continuity
            of care.
          </p>
        </div>
      )}
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h3 className="mb-3 font-semibold text-slate-900">Patients Needing Attention</h3>
        {attention.length === 0 ? (
          <p className="text-sm text-slate-600">No patients are overdue or due soon.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {attention.map((row) => (
              <li
                key={row.patient_key}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <div>
                  <Link
                    to={dashboardPatientLink({
                      payorKey: row.payor_key,
                      patientKey: row.patient_key,
                      search: row.patient_id,
                    })}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {row.patient_name}
                  </Link>
                  <p className="text-xs text-slate-600">
                    Last order {formatShortDate(row.last_order_date)} ·{' '}
                    {row.order_categories.join(', ') || 'N/A'}
                  </p>
                </div>
                <span
                  className="rounded-full px-2.5 py-0.5 text-xs font-semibold text-white"
                  style={{ backgroundColor: badgeColour(row.reorder_status) }}
                >
                  {formatDaysUntilReorder(row.days_until_reorder)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
};

// White text needs a darker shade than the spec's red and orange to stay readable (WCAG AA).
const badgeColour = (status: string) =>
  ({ overdue: '#b91c1c', due_soon: '#c2410c' })[status] ?? reorderStatusColour(status);
