import type { TAuditRow } from '@portal/domain/audit-api';

/** 'patient_view' → 'Patient view': the stored action, readable. */
export const actionLabel = (action: string) => {
  const words = action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The patient as staff know it: the visible ID when known, else the stored key. */
export const patientLabel = (row: TAuditRow) => row.patient_id ?? row.patient_key ?? '';

/** The detail as key: value pairs (blank ones left out); list reads say how many patients they showed. */
export const detailText = (detail: TAuditRow['detail']) => {
  if (!detail) {
    return '';
  }
  return Object.entries(detail)
    .filter(([, value]) => value !== '' && value !== null)
    .map(([key, value]) =>
      key === 'patient_keys' && Array.isArray(value)
        ? `patients shown: ${value.length}`
        : `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    )
    .join(', ');
};

/** Who acted: the user, or the scheduler for the runs it started (no user). */
export const userLabel = (row: TAuditRow) => {
  if (row.user_id === null) {
    return row.detail?.triggered_by === 'scheduler' ? 'Scheduler' : '';
  }
  return row.user_email ?? `User ${row.user_id}`;
};
