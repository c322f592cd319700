import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TNotificationSettings,
  TNotificationSettingsResponse,
} from '@portal/domain/notifications-api';
import { testDialects } from '../../test/databases';
import { freePort, headerLines, startSmtp } from '../../test/smtp-server';
import { decodeQuotedPrintable } from '../../test/mail';
import { DAY, HOUR, useNotificationScenario } from './test-support';

/** The unsubscribe token of a raw mail's List-Unsubscribe header. */
const oneClickToken = (raw: string) => {
  const header = headerLines(raw).find((line) => line.startsWith('List-Unsubscribe:')) ?? '';
  const match = /unsubscribe\?token=([A-Za-z0-9_.-]+)>/.exec(header);
  if (!match?.[1]) {
    throw new Error(`no List-Unsubscribe token in: ${header}`);
  }
  return match[1];
};

describe.each(testDialects())('notification mails [%s]', (dialect) => {
  const env: Record<string, string> = { APP_ORIGIN: 'https://portal.example.org' };
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtp(port);
    env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  });
  afterAll(async () => smtp.close());
  const { portal, clock, setStatus, request, ids } = useNotificationScenario(dialect, env);
  const db = () => portal().database.db;
  const tick = async () => {
    const result = await portal().app.notifications.tick();
    await portal().app.mail.flush();
    return result;
  };
  const to = (address: string) =>
    smtp.received.filter((raw) => raw.includes(`To: ${address}`)).map(decodeQuotedPrintable);

  it('mails a sync’s news in one mail a user, with no patient detail, and the digest once a local day', async () => {
    await tick();
    await request('caseManagerA', '/api/patients/favorites', {
      method: 'POST',
      payload: { patient_key: 'PA-1', user_id: ids().caseManagerA },
    });
    const current = (
      await request('caseManagerA', '/api/notification-settings')
    ).json<TNotificationSettingsResponse>().settings;
    // 18:00 in New York is 23:00 UTC; the clock stands at 12:00 UTC (07:00 there).
    await request('caseManagerA', '/api/notification-settings', {
      method: 'PUT',
      payload: { ...current, digest_time: '18:00', time_zone: 'America/New_York' },
    });
    await setStatus('O3', '31 - Awaiting CMN (RX)');
    await setStatus('O7', 'RCM - Billing');
    await setStatus('O8', '33 - Awaiting PAR');
    const result = await tick();
    expect(result).toMatchObject({ instantMails: 2, digests: 0 });

    // The patient: both moves of their orders in one mail.
    const [patientMail, ...more] = to('jane@example.com');
    expect(more).toEqual([]);
    expect(patientMail).toContain('Subject: Supplier Portal: 2 order updates');
    expect(patientMail).toContain('Order #SO-O3: Action needed. Please contact us');
    expect(patientMail).toContain('Order #SO-O7: Order shipped');
    expect(patientMail).toMatch(/https:\/\/portal\.example\.org\/notifications\?open=\d+/);
    expect(headerLines(patientMail!)).toContain(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    // Staff: the action item at once; 'shipped' waits for the digest.
    const [staffMail] = to('cm-a@example.com');
    expect(staffMail).toContain('Subject: Supplier Portal: Order #SO-O3: Order needs documents');
    expect(staffMail).not.toContain('SO-O7');
    for (const mail of [patientMail!, staffMail!]) {
      // No name, status text, date of birth or product of the patient.
      for (const detail of ['Jane', 'Smith', '1980', 'Awaiting CMN', 'CPAP']) {
        expect(mail).not.toContain(detail);
      }
    }

    // A re-run sends nothing again.
    expect(await tick()).toMatchObject({ instantMails: 0, digests: 0 });
    clock.advance(11 * HOUR + 30 * 60_000);
    expect(await tick()).toMatchObject({ digests: 1 });
    const digest = to('cm-a@example.com').at(-1)!;
    expect(digest).toContain('Subject: Supplier Portal: your daily digest (1 update)');
    expect(digest).toContain('Order #SO-O7: Order shipped');
    // One digest a local day, even with new digest news later that evening.
    await setStatus('O6', 'RCM - Billing', { delivery_status: 'Delivered' });
    expect(await tick()).toMatchObject({ digests: 0 });
    clock.advance(DAY);
    expect(await tick()).toMatchObject({ digests: 1 });
    expect(to('cm-a@example.com').at(-1)).toContain('Order #SO-O6: Order delivered');
  });

  it('unsubscribes by the mail’s link without sign-in, for its own user and kinds only', async () => {
    const token = oneClickToken(to('jane@example.com')[0]!);
    const inject = (method: 'GET' | 'POST', query: string, payload?: string) =>
      portal().app.inject({
        method,
        url: `/api/notifications/unsubscribe?token=${query}`,
        ...(payload === undefined
          ? {}
          : { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      });
    const described = await inject('GET', token);
    expect(described.json()).toMatchObject({
      kind_label: 'Order needs documents, Order shipped',
      email_hint: 'j***@example.com',
      unsubscribed: false,
    });
    // A changed payload breaks the signature: another user's id cannot be slipped in.
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: ids().caseManagerA, k: ['shipped'] })).toString(
      'base64url',
    );
    for (const bad of [`${forged}.${signature}`, `${payload}.x${signature}`, 'nonsense']) {
      const refused = await inject('POST', bad, 'List-Unsubscribe=One-Click');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error:
          'This unsubscribe link is invalid. Change your email settings under My Profile, Notifications.',
      });
    }
    const done = await inject('POST', token, 'List-Unsubscribe=One-Click');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      unsubscribed: true,
      message: 'You will no longer get these emails.',
    });
    // Read from the table: the sessions of the first test have timed out on the moved clock.
    const storedKinds = async (userId: number) => {
      const row = await db()
        .selectFrom('notification_settings')
        .select('settings')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return (JSON.parse(row.settings) as TNotificationSettings).kinds;
    };
    const kinds = await storedKinds(ids().patient);
    expect(kinds.action_needed.email).toBe('off');
    expect(kinds.shipped.email).toBe('off');
    expect(kinds.delivered.email).toBe('instant');
    expect(kinds.shipped.in_app).toBe(true);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['user_id'])
      .where('action', '=', 'notification_unsubscribe')
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(ids().patient);
    // Case manager A's settings are as they were.
    expect((await storedKinds(ids().caseManagerA)).shipped.email).toBe('digest');
  });
});
