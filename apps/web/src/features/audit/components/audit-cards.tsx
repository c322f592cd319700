import type { TAuditRow } from '@portal/domain/audit-api';
import { actionLabel, detailText, formatAt, patientLabel, userLabel } from '../lib/display';
import { outcomeBadgeClass } from '../lib/ui-classes';
import { LOADING_ROWS } from './audit-table';

/** The trail on phones (below md): one card per row. */
export const AuditCards = ({ rows, loading }: { rows: readonly TAuditRow[]; loading: boolean }) => (
  <ul className="space-y-3 md:hidden" aria-label="Audit trail, newest first" aria-busy={loading}>
    {loading
      ? Array.from({ length: LOADING_ROWS }, (_, index) => (
          <li
            key={index}
            data-testid="audit-placeholder-card"
            className="h-24 animate-pulse rounded-xl bg-slate-100"
          />
        ))
      : rows.map((row) => <AuditCard key={row.id} row={row} />)}
  </ul>
);

const Field = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt className="text-xs text-slate-600">{label}</dt>
    <dd className="text-sm break-all text-slate-900">{value || '—'}</dd>
  </div>
);

const AuditCard = ({ row }: { row: TAuditRow }) => (
  <li data-testid="audit-card" className="rounded-xl border border-slate-200 bg-white p-4">
    <div className="mb-2 flex items-start justify-between gap-2">
      <p className="font-medium text-slate-900">{actionLabel(row.action)}</p>
      <span className={outcomeBadgeClass(row.outcome)}>
        {row.outcome === 'denied' ? 'Denied' : 'Allowed'}
      </span>
    </div>
    <dl className="grid grid-cols-2 gap-2">
      <Field label="Time" value={formatAt(row.at)} />
      <Field label="User" value={userLabel(row)} />
      <Field label="Patient" value={patientLabel(row)} />
      <Field label="IP Address" value={row.ip ?? ''} />
    </dl>
    {row.detail && (
      <p className="mt-2 text-xs break-words text-slate-600">{detailText(row.detail)}</p>
    )}
  </li>
);
