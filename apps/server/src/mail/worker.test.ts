import { afterAll, describe, expect, it } from 'vitest';
import { testClock } from '../test/clock';
import { testDialects } from '../test/databases';
import { freePort, startSmtp } from '../test/smtp-server';
import { useTestPortal } from '../test/test-portal';
import { resetPasswordMail } from '../modules/auth/mail-templates';
import { enqueueMail, retryDelayMs } from './outbox';
import { smtpTransport, type TMailTransport } from './transport';
import { deliverDueMail } from './worker';

const DAY = 24 * 60 * 60_000;
const silent = { error: () => undefined };

describe.each(testDialects())('mail outbox [%s]', (dialect) => {
  // The app's own worker reads this frozen clock; the tests deliver a day later, by hand.
  const clock = testClock();
  const portal = useTestPortal(dialect, {}, { clock: clock.now });
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) {
      await close();
    }
  });

  it('keeps mail through an SMTP outage and delivers it when the server is back', async () => {
    const { db } = portal().database;
    const start = clock.now() + DAY;
    await enqueueMail(db, { to: 'outage@example.com', subject: 'Hello', text: 'Body text' }, start);
    const port = await freePort();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    closers.push(async () => transport.close());
    const options = { db, transport, from: 'portal@example.com', log: silent };

    expect(await deliverDueMail({ ...options, now: start })).toEqual({
      sent: 0,
      failed: 1,
      bounced: 0,
    });
    const failed = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'outage@example.com')
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, locked_until: null });
    expect(failed.last_error).toBeTruthy();
    expect(failed.next_attempt_at).toBe(start + retryDelayMs(1));

    const smtp = await startSmtp(port);
    closers.push(smtp.close);
    // Not due yet: nothing is sent early.
    expect(await deliverDueMail({ ...options, now: start + 1000 })).toEqual({
      sent: 0,
      failed: 0,
      bounced: 0,
    });
    expect(await deliverDueMail({ ...options, now: failed.next_attempt_at })).toEqual({
      sent: 1,
      failed: 0,
      bounced: 0,
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('To: outage@example.com');
    expect(smtp.received[0]).toContain('Body text');
    const sent = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', failed.id)
      .executeTakeFirstOrThrow();
    expect(sent.sent_at).toBe(failed.next_attempt_at);
  });

  it('marks a mail the server refuses for good as bounced and never retries it', async () => {
    const { db } = portal().database;
    const at = clock.now() + 4 * DAY;
    const port = await freePort();
    const smtp = await startSmtp(port, { refuse: ['gone@example.com'] });
    closers.push(smtp.close);
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    closers.push(async () => transport.close());
    await enqueueMail(
      db,
      {
        to: 'gone@example.com',
        subject: 'Refused',
        text: 'T',
        kind: 'notification',
        headers: { 'List-Unsubscribe': '<https://portal.example.org/u>' },
      },
      at,
    );
    await enqueueMail(db, { to: 'here@example.com', subject: 'Taken', text: 'T' }, at);
    const options = { db, transport, from: 'portal@example.com', log: silent };
    expect(await deliverDueMail({ ...options, now: at })).toEqual({
      sent: 1,
      failed: 0,
      bounced: 1,
    });
    const refused = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'gone@example.com')
      .executeTakeFirstOrThrow();
    expect(refused).toMatchObject({
      bounced_at: at,
      sent_at: null,
      attempts: 1,
      kind: 'notification',
    });
    expect(refused.last_error).toContain('550');
    // Far past any back-off, it is still not tried again.
    expect(await deliverDueMail({ ...options, now: at + DAY })).toEqual({
      sent: 0,
      failed: 0,
      bounced: 0,
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('To: here@example.com');
  });

  it('gives each mail to one worker when several poll at once', async () => {
    const { db } = portal().database;
    const at = clock.now() + 2 * DAY;
    for (let i = 0; i < 5; i += 1) {
      await enqueueMail(db, { to: `many-${i}@example.com`, subject: 'S', text: 'T' }, at);
    }
    const delivered: string[] = [];
    const transport: TMailTransport = {
      send: async (mail) => {
        delivered.push(mail.to);
      },
      close: () => undefined,
    };
    const options = { db, transport, from: 'portal@example.com', log: silent, now: at };
    await Promise.all([deliverDueMail(options), deliverDueMail(options), deliverDueMail(options)]);
    expect(delivered.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `many-${i}@example.com`));
  });

  it('keeps a delivered reset mail as an envelope only: its link is gone from the row', async () => {
    const { db } = portal().database;
    const at = clock.now() + 3 * DAY;
    const token = 'reset-token-at-rest-0123456789abcdefghijklmno';
    const to = 'at-rest@example.com';
    await enqueueMail(
      db,
      resetPasswordMail({ to, appOrigin: 'https://portal.example.org', token }),
      at,
    );
    const queued = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .executeTakeFirstOrThrow();
    // Until delivery the body is what the worker sends.
    expect(queued.text_body).toContain(token);

    const delivered: string[] = [];
    const transport: TMailTransport = {
      send: async (mail) => {
        delivered.push(`${mail.text}\n${mail.html ?? ''}`);
      },
      close: () => undefined,
    };
    await deliverDueMail({ db, transport, from: 'portal@example.com', log: silent, now: at });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain(`/reset-password?token=${token}`);

    const sent = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', queued.id)
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({
      to_address: to,
      subject: queued.subject,
      created_at: at,
      sent_at: at,
      text_body: '',
      html_body: null,
    });
    expect(JSON.stringify(sent)).not.toContain(token);
  });
});
