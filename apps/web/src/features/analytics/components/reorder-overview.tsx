import { useState } from 'react';
import { Link } from 'react-router';
import { ANALYTICS_LIMITS } from '@portal/domain/analytics';
import { dashboardPatientLink } from '@portal/domain/dashboard-link';
import { formatDaysUntilReorder, formatShortDate } from '@portal/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useReorderPatterns, type TReorderAnswer } from '../api/get-reorder-patterns';
import { ExportCsvButton } from './export-csv-button';
import { ErrorBox } from './panel-states';
import { reorderTone } from './status-badge';

const needsAttention = (status: string) => status === 'overdue' || status === 'due_soon';

/**
 * The 'Action Required' banner and the overdue or due-soon patients, 5 a page (the spec's 5
 * are page 1: the head of the first page's list), with all of them as CSV.
 */
export const ReorderOverview = ({ data }: { data: TReorderAnswer }) => {
  const [page, setPage] = useState(1);
  const size = ANALYTICS_LIMITS.attentionList;
  const overdue = data.summary.overdue_reorders;
  const total = overdue + data.summary.due_soon;
  // They lead the most-urgent-first list, so page p is the list from (p - 1) × 5.
  const later = useReorderPatterns(
    { limit: size, offset: (page - 1) * size },
    { enabled: page > 1 },
  );
  const source = page === 1 ? data.reorder_patterns : (later.data?.reorder_patterns ?? []);
  const attention = source.filter((row) => needsAttention(row.reorder_status)).slice(0, size);
  return (
    <div className="space-y-4">
      {overdue > 0 && (
        <div
          role="status"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <p className="font-semibold">Action Required</p>
          <p>
            {overdue === 1 ? '1 patient is' : `${overdue} patients are`} overdue for reorders.
            Consider reaching out to ensure continuity of care.
          </p>
        </div>
      )}
      <section
        aria-labelledby="attention-title"
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
          <h3 id="attention-title" className="pt-2 font-semibold text-slate-900">
            Patients Needing Attention
          </h3>
          {total > 0 && (
            <ExportCsvButton scope="attention" label="Export CSV: patients needing attention" />
          )}
        </div>
        {page > 1 && later.isError && (
          <ErrorBox onRetry={() => void later.refetch()} retrying={later.isFetching}>
            Error loading reorder patterns: {later.error.message}
          </ErrorBox>
        )}
        {total === 0 ? (
          <EmptyState title="No patients are overdue or due soon." />
        ) : page > 1 && later.isPending ? (
          <SkeletonRows rows={size} label="Loading patients needing attention..." />
        ) : (
          <ul className="divide-y divide-slate-100">
            {attention.map((row) => (
              <li
                key={row.patient_key}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <div>
                  <Button asChild variant="link" className="font-medium">
                    <Link
                      to={dashboardPatientLink({
                        payorKey: row.payor_key,
                        patientKey: row.patient_key,
                        search: row.patient_id,
                      })}
                    >
                      {row.patient_name}
                    </Link>
                  </Button>
                  <p className="text-xs text-slate-600">
                    Last order {formatShortDate(row.last_order_date)} ·{' '}
                    {row.order_categories.join(', ') || 'N/A'}
                  </p>
                </div>
                <Badge tone={reorderTone(row.reorder_status)}>
                  {formatDaysUntilReorder(row.days_until_reorder)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <Pager
          label="Patients needing attention"
          page={page}
          pages={Math.ceil(total / size)}
          onPageChange={setPage}
          disabled={page > 1 && later.isPlaceholderData}
        />
      </section>
    </div>
  );
};
