import type { TAuditRow } from '@portal/domain/audit-api';
import type { TTrailRow } from './repository';

const parseDetail = (detail: string | null): Record<string, unknown> | null => {
  if (detail === null) {
    return null;
  }
  try {
    const value: unknown = JSON.parse(detail);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    // Rows are written as JSON; anything else is shown as it is stored.
    return { text: detail };
  }
};

export const presentAuditRow = (row: TTrailRow): TAuditRow => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  user_id: row.user_id,
  user_email: row.user_email,
  action: row.action,
  outcome: row.outcome === 'denied' ? 'denied' : 'allowed',
  ip: row.ip,
  patient_key: row.patient_key,
  patient_id: row.patient_id,
  detail: parseDetail(row.detail),
});

/** A file name that says what the export holds, e.g. audit-trail-2025-01-31.csv. */
export const exportFileName = (now: number) =>
  `audit-trail-${new Date(now).toISOString().slice(0, 10)}.csv`;
