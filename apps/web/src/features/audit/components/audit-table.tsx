import type { TAuditRow } from '@portal/domain/audit-api';
import { actionLabel, detailText, formatAt, patientLabel, userLabel } from '../lib/display';
import { outcomeBadgeClass, tableClass, tdClass, thClass } from '../lib/ui-classes';

const COLUMNS = ['Time', 'User', 'Action', 'Outcome', 'IP Address', 'Patient', 'Detail'] as const;
export const LOADING_ROWS = 5;

/** The trail on wider screens (md and up); phones get AuditCards instead. */
export const AuditTable = ({ rows, loading }: { rows: readonly TAuditRow[]; loading: boolean }) => (
  <div className="hidden overflow-x-auto md:block">
    <table className={tableClass} aria-busy={loading}>
      <caption className="sr-only">Audit trail, newest first</caption>
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
        {loading
          ? Array.from({ length: LOADING_ROWS }, (_, index) => (
              <tr key={index} data-testid="audit-placeholder-row">
                {COLUMNS.map((column) => (
                  <td key={column} className={tdClass}>
                    <span className="block h-4 animate-pulse rounded bg-slate-200" />
                  </td>
                ))}
              </tr>
            ))
          : rows.map((row) => <AuditTableRow key={row.id} row={row} />)}
      </tbody>
    </table>
  </div>
);

const AuditTableRow = ({ row }: { row: TAuditRow }) => (
  <tr data-testid="audit-row">
    <td className={`${tdClass} whitespace-nowrap`}>
      <time dateTime={row.at}>{formatAt(row.at)}</time>
    </td>
    <td className={`${tdClass} whitespace-nowrap`}>{userLabel(row)}</td>
    <td className={tdClass}>{actionLabel(row.action)}</td>
    <td className={tdClass}>
      <span className={outcomeBadgeClass(row.outcome)}>
        {row.outcome === 'denied' ? 'Denied' : 'Allowed'}
      </span>
    </td>
    <td className={tdClass}>{row.ip ?? ''}</td>
    <td className={tdClass}>{patientLabel(row)}</td>
    <td className={`${tdClass} max-w-xs text-xs break-words text-slate-600`}>
      {detailText(row.detail)}
    </td>
  </tr>
);
