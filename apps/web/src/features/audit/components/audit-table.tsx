import { formatDateTime } from '@portal/domain/format';
import type { TAuditRow } from '@portal/domain/audit-api';
import { Badge } from '../../../components/ui/badge';
import { SkeletonTableRows } from '../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';
import { actionLabel, detailText, patientLabel, userLabel } from '../lib/display';

const COLUMNS = ['Time', 'User', 'Action', 'Outcome', 'IP Address', 'Patient', 'Detail'] as const;
export const LOADING_ROWS = 5;

/** Allowed or Denied, red when denied. */
export const OutcomeBadge = ({ outcome }: { outcome: TAuditRow['outcome'] }) => (
  <Badge tone={outcome === 'denied' ? 'red' : 'green'}>
    {outcome === 'denied' ? 'Denied' : 'Allowed'}
  </Badge>
);

/** The trail on wider screens (md and up); phones get AuditCards instead. */
export const AuditTable = ({ rows, loading }: { rows: readonly TAuditRow[]; loading: boolean }) => (
  <Table responsive aria-busy={loading}>
    <caption className="sr-only">Audit trail, newest first</caption>
    <THead>
      <TR>
        {COLUMNS.map((column) => (
          <TH key={column}>{column}</TH>
        ))}
      </TR>
    </THead>
    <TBody>
      {loading ? (
        <SkeletonTableRows
          columns={COLUMNS}
          rows={LOADING_ROWS}
          label="Loading the audit trail…"
          testId="audit-placeholder-row"
        />
      ) : (
        rows.map((row) => <AuditTableRow key={row.id} row={row} />)
      )}
    </TBody>
  </Table>
);

const AuditTableRow = ({ row }: { row: TAuditRow }) => (
  <TR data-testid="audit-row">
    <TD className="align-top whitespace-nowrap">
      <time dateTime={row.at}>{formatDateTime(row.at)}</time>
    </TD>
    <TD className="align-top whitespace-nowrap">{userLabel(row)}</TD>
    <TD className="align-top">{actionLabel(row.action)}</TD>
    <TD className="align-top">
      <OutcomeBadge outcome={row.outcome} />
    </TD>
    <TD className="align-top">{row.ip ?? ''}</TD>
    <TD className="align-top">{patientLabel(row)}</TD>
    <TD className="max-w-xs align-top text-xs break-words text-slate-600">
      {detailText(row.detail)}
    </TD>
  </TR>
);
