import { formatDateTime } from '@portal/domain/format';
import type { TAuditRow } from '@portal/domain/audit-api';
import { CardList, CardListItem } from '../../../components/ui/card-list';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { actionLabel, detailText, patientLabel, userLabel } from '../lib/display';
import { LOADING_ROWS, OutcomeBadge } from './audit-table';

/** The trail on phones (below md): one card per row. */
export const AuditCards = ({ rows, loading }: { rows: readonly TAuditRow[]; loading: boolean }) =>
  loading ? (
    <SkeletonRows
      rows={LOADING_ROWS}
      label="Loading the audit trail…"
      rowClassName="h-24 rounded-xl"
      className="md:hidden"
    />
  ) : (
    <CardList aria-label="Audit trail, newest first">
      {rows.map((row) => (
        <AuditCard key={row.id} row={row} />
      ))}
    </CardList>
  );

const Field = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt className="text-xs text-slate-600">{label}</dt>
    <dd className="text-sm break-all text-slate-900">{value || '—'}</dd>
  </div>
);

const AuditCard = ({ row }: { row: TAuditRow }) => (
  <CardListItem data-testid="audit-card" className="p-4">
    <div className="mb-2 flex items-start justify-between gap-2">
      <p className="font-medium text-slate-900">{actionLabel(row.action)}</p>
      <OutcomeBadge outcome={row.outcome} />
    </div>
    <dl className="grid grid-cols-2 gap-2">
      <Field label="Time" value={formatDateTime(row.at)} />
      <Field label="User" value={userLabel(row)} />
      <Field label="Patient" value={patientLabel(row)} />
      <Field label="IP Address" value={row.ip ?? ''} />
    </dl>
    {row.detail && (
      <p className="mt-2 text-xs break-words text-slate-600">{detailText(row.detail)}</p>
    )}
  </CardListItem>
);
