import { describe, expect, it } from 'vitest';
import type {
  TNotificationListResponse,
  TNotificationSettingsResponse,
  TNotificationStatsResponse,
} from '@portal/domain/notifications-api';
import { testDialects } from '../../test/databases';
import { useNotificationScenario } from './test-support';

describe.each(testDialects())('the notification calls [%s]', (dialect) => {
  const { portal, setStatus, request, ids } = useNotificationScenario(dialect);
  const db = () => portal().database.db;

  const prepare = async () => {
    await portal().app.notifications.tick();
    await request('caseManagerA', '/api/patients/favorites', {
      method: 'POST',
      payload: { patient_key: 'PA-1', user_id: ids().caseManagerA },
    });
    await setStatus('O3', '31 - Awaiting CMN (RX)');
    await setStatus('O7', 'RCM - Billing');
    await portal().app.notifications.tick();
  };

  it('lists, counts and marks read only the user’s own notifications, audited and never cached', async () => {
    await prepare();
    const list = await request('caseManagerA', '/api/notifications');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['cache-control']).toContain('no-store');
    const body = list.json<TNotificationListResponse>();
    expect(body.unread_count).toBe(2);
    expect(body.pagination).toEqual({ current_page: 1, pages: 1, total: 2, per_page: 20 });
    expect(body.notifications.map((item) => [item.kind, item.order_id])).toEqual([
      ['shipped', 'O7'],
      ['action_needed', 'O3'],
    ]);
    expect(body.notifications[1]).toMatchObject({
      so_number: 'SO-O3',
      patient_key: 'PA-1',
      patient_name: 'Jane Smith',
      status: '31 - Awaiting CMN (RX)',
      read: false,
      days: null,
      link: '/dashboard?payor=PAY-A&patient=PA-1&order=SO-O3',
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['detail', 'outcome'])
      .where('action', '=', 'notification_list')
      .where('user_id', '=', ids().caseManagerA)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail ?? '{}')).toMatchObject({ patient_keys: ['PA-1'] });

    const id = body.notifications[1]!.id;
    // Another user's notification is not found for them, and the refusal is audited.
    const foreign = await request('caseManagerB', `/api/notifications/${id}/read`, {
      method: 'POST',
    });
    expect(foreign.statusCode).toBe(404);
    const denied = await db()
      .selectFrom('audit_log')
      .select('outcome')
      .where('action', '=', 'notification_open')
      .where('user_id', '=', ids().caseManagerB)
      .executeTakeFirstOrThrow();
    expect(denied.outcome).toBe('denied');

    const read = await request('caseManagerA', `/api/notifications/${id}/read`, { method: 'POST' });
    expect(read.json()).toEqual({
      success: true,
      link: '/dashboard?payor=PAY-A&patient=PA-1&order=SO-O3',
    });
    const count = await request('caseManagerA', '/api/notifications/unread-count');
    expect(count.json()).toEqual({ success: true, unread_count: 1 });
    const unread = await request('caseManagerA', '/api/notifications?unread=true');
    expect(
      unread.json<TNotificationListResponse>().notifications.map((item) => item.order_id),
    ).toEqual(['O7']);
    const all = await request('caseManagerA', '/api/notifications/read-all', { method: 'POST' });
    expect(all.json()).toEqual({ success: true, updated: 1 });
    expect((await request('caseManagerA', '/api/notifications/unread-count')).json()).toEqual({
      success: true,
      unread_count: 0,
    });

    // The case manager moves to another payor: PA-1's notifications are no longer theirs to read.
    await db()
      .updateTable('users')
      .set({ payor_key: 'PAY-B' })
      .where('id', '=', ids().caseManagerA)
      .execute();
    const moved = await request('caseManagerA', '/api/notifications');
    expect(moved.json<TNotificationListResponse>().pagination.total).toBe(0);
    await db()
      .updateTable('users')
      .set({ payor_key: 'PAY-A' })
      .where('id', '=', ids().caseManagerA)
      .execute();
  });

  it('answers the defaults until saved, checks what it saves and keeps patients to their own kinds', async () => {
    const staff = (
      await request('customerServiceA', '/api/notification-settings')
    ).json<TNotificationSettingsResponse>();
    expect(staff).toMatchObject({
      saved: false,
      payor_scope_available: true,
      available_kinds: ['action_needed', 'shipped', 'delivered', 'waiting'],
      settings: { scope: 'favorites', waiting_days: 14, digest_time: '08:00', time_zone: 'UTC' },
    });
    const put = (user: 'customerServiceA' | 'patient' | 'noPayor', payload: object) =>
      request(user, '/api/notification-settings', { method: 'PUT', payload });
    const zone = await put('customerServiceA', { ...staff.settings, time_zone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({ error: 'Choose a time zone from the list.' });
    const noCategories = await put('customerServiceA', {
      ...staff.settings,
      scope: 'payor',
      categories: [],
    });
    expect(noCategories.json()).toMatchObject({
      error: 'Choose at least one category to hear about every patient of your payor.',
    });
    const noPayor = await put('noPayor', {
      ...staff.settings,
      scope: 'payor',
      categories: ['CL-RESP'],
    });
    expect(noPayor.statusCode).toBe(400);
    const days = await put('customerServiceA', { ...staff.settings, waiting_days: 0 });
    expect(days.statusCode).toBe(400);
    const saved = await put('customerServiceA', {
      ...staff.settings,
      waiting_days: 30,
      digest_time: '17:30',
      time_zone: 'America/Chicago',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TNotificationSettingsResponse>()).toMatchObject({
      saved: true,
      settings: { waiting_days: 30, digest_time: '17:30', time_zone: 'America/Chicago' },
    });

    const patient = (
      await request('patient', '/api/notification-settings')
    ).json<TNotificationSettingsResponse>();
    expect(patient).toMatchObject({
      available_kinds: ['action_needed', 'shipped', 'delivered'],
      payor_scope_available: false,
    });
    const patientSaved = await put('patient', {
      ...patient.settings,
      kinds: { ...patient.settings.kinds, waiting: { in_app: true, email: 'instant' } },
    });
    expect(patientSaved.json<TNotificationSettingsResponse>().settings.kinds.waiting).toEqual({
      in_app: false,
      email: 'off',
    });
  });

  it('gives admins the daily figures and nobody else', async () => {
    const denied = await request('caseManagerA', '/api/admin/notifications/stats');
    expect(denied.statusCode).toBe(403);
    await portal().app.mail.flush();
    const stats = await request('admin', '/api/admin/notifications/stats?days=7');
    expect(stats.statusCode, stats.body).toBe(200);
    const body = stats.json<TNotificationStatsResponse>();
    expect(body.days).toHaveLength(7);
    expect(body.days[0]!.day).toBe('2025-02-01');
    // Case manager A's two and the patient's two, all today, mailed: the case manager's
    // 'needs documents' at once and 'shipped' in the digest (due at 08:00 UTC, the clock
    // says 12:00), the patient's two at once in one mail.
    expect(body.days[0]).toMatchObject({ notified: 4, sent: 3, failed: 0, bounced: 0 });
    expect(body.totals.notified).toBe(4);
    expect(body.users).toEqual({ email: 2, in_app_only: 0 });
    expect((await request('admin', '/api/admin/notifications/stats?days=0')).statusCode).toBe(400);
  });
});
