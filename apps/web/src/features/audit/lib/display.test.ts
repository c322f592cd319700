import { describe, expect, it } from 'vitest';
import type { TAuditRow } from '@portal/domain/audit-api';
import { detailText, userLabel } from './display';

const row = (overrides: Partial<TAuditRow>): TAuditRow => ({
  id: 1,
  at: '2025-06-10T10:01:00.000Z',
  user_id: null,
  user_email: null,
  action: 'sync_start',
  outcome: 'allowed',
  ip: null,
  patient_key: null,
  patient_id: null,
  detail: null,
  ...overrides,
});

describe('audit trail labels', () => {
  it('names the user, or the scheduler for the runs it started', () => {
    expect(userLabel(row({ user_id: 3, user_email: 'admin@example.com' }))).toBe(
      'admin@example.com',
    );
    expect(userLabel(row({ user_id: 9 }))).toBe('User 9');
    const scheduled = row({
      detail: { group_id: 'orders', job_id: 'J-1', triggered_by: 'scheduler' },
    });
    expect(userLabel(scheduled)).toBe('Scheduler');
    expect(detailText(scheduled.detail)).toBe(
      'group_id: orders, job_id: J-1, triggered_by: scheduler',
    );
    // A failed sign-in of an unknown email has no user either, and no actor to name.
    expect(userLabel(row({ action: 'login_failure', detail: { email: 'x@example.com' } }))).toBe(
      '',
    );
  });
});
