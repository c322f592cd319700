import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from '@portal/domain/contact';
import type { TRole } from '@portal/domain/roles';
import { TEXT_MESSAGES } from '@portal/domain/text';
import { retryDelayMs } from '../../mail/outbox';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { decodeQuotedPrintable } from '../../test/mail';
import { createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { listAuditEntries } from '../audit/repository';
import { freePort, headerLines, startSmtp } from '../../test/smtp-server';

const SUPPORT = 'helpdesk@supplier.example';
const message = {
  name: 'Pat Jones',
  email: 'pat.jones@example.com',
  subject: 'Where is my CPAP mask?',
  message: 'Hello,\nmy order has not arrived yet.\nThanks, Pat',
};

describe.each(testDialects())('POST /api/contact/message [%s]', (dialect) => {
  const clock = testClock();
  // Filled before the portal starts (hooks run in order), so its mail goes to this server.
  const env: Record<string, string> = { SUPPORT_EMAIL: SUPPORT };
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    smtp = await startSmtp(port);
    env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  });
  const portal = useTestPortal(dialect, env, { clock: clock.now });
  afterAll(async () => smtp.close());

  let users = 0;
  const signedIn = async (role: TRole = 'patient') => {
    const { app, database } = portal();
    users += 1;
    const email = `sender-${users}@example.com`;
    const id = await createTestUser(database.db, { email, role });
    return { id, email, jar: (await signIn(app, { email })).jar };
  };
  const send = (jar: TJar, payload: object) =>
    portal().app.inject(withSession(jar, { method: 'POST', url: '/api/contact/message', payload }));
  const storedFor = (userId: number) =>
    portal()
      .database.db.selectFrom('contact_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  const mailTo = (address: string) => smtp.received.filter((raw) => raw.includes(`To: ${address}`));

  it('stores the message and mails it to SUPPORT_EMAIL through the outbox', async () => {
    const { app } = portal();
    const { id, email, jar } = await signedIn();
    const before = smtp.received.length;
    const response = await send(jar, message);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: CONTACT_MESSAGES.stored });
    expect(response.headers['cache-control']).toBe('no-store');

    const [stored] = await storedFor(id);
    expect(stored).toMatchObject({ ...message, user_id: id, created_at: clock.now() });

    await app.mail.flush();
    expect(smtp.received.length).toBe(before + 1);
    const raw = smtp.received.at(-1) ?? '';
    const headers = headerLines(raw);
    expect(headers).toContain(`To: ${SUPPORT}`);
    expect(headers).toContain(`Subject: Contact Support: ${message.subject}`);
    const body = decodeQuotedPrintable(raw);
    expect(body).toContain(`From: Pat Jones <${message.email}>`);
    expect(body).toContain(`Account: ${email} (user ${id}, role patient)`);
    expect(body).toContain('my order has not arrived yet.');
    expect(
      await listAuditEntries(portal().database.db, { userId: id, action: 'contact_message' }),
    ).toHaveLength(1);
  });

  it('is open to every role of /contact and refuses others and strangers', async () => {
    for (const role of ['admin', 'case_manager', 'customer_service'] as const) {
      const { jar } = await signedIn(role);
      expect((await send(jar, message)).statusCode).toBe(200);
    }
    const other = await signedIn('case_manager_admin');
    expect((await send(other.jar, message)).statusCode).toBe(403);
    const anonymous = await portal().app.inject({
      method: 'POST',
      url: '/api/contact/message',
      payload: message,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses missing, over-long and control-character fields with a 400 and stores nothing', async () => {
    const { id, jar } = await signedIn();
    const cases: [object, string][] = [
      [{ ...message, name: ' ' }, 'Name is required'],
      [{ ...message, email: 'nope' }, 'Please enter a valid email address'],
      [{ ...message, subject: 'x'.repeat(CONTACT_LIMITS.subject + 1) }, 'at most'],
      [{ ...message, message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, 'at most'],
      [{ ...message, message: 'nul\u0000byte' }, TEXT_MESSAGES.invalidCharacters],
      [{ name: 'Pat' }, 'email'],
    ];
    for (const [payload, text] of cases) {
      const response = await send(jar, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(text);
    }
    expect(await storedFor(id)).toHaveLength(0);
  });

  it('keeps CR/LF header injection in subject or name out of the mail', async () => {
    const { app, database } = portal();
    const { id, jar } = await signedIn();
    const outboxBefore = await database.db.selectFrom('mail_outbox').select('id').execute();
    for (const payload of [
      { ...message, subject: 'Hello\r\nBcc: victim@example.com' },
      { ...message, subject: 'Hello\nContent-Type: text/html' },
      { ...message, name: 'Pat\r\nBcc: victim@example.com' },
      { ...message, email: 'pat@example.com\r\nBcc: victim@example.com' },
    ]) {
      const response = await send(jar, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(TEXT_MESSAGES.invalidCharacters);
    }
    expect(await storedFor(id)).toHaveLength(0);
    expect(await database.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(
      outboxBefore.length,
    );

    // What is allowed through stays inside the one Subject header: no header of its own.
    const sneaky = { ...message, subject: 'Re: Bcc: victim@example.com; To: x@example.com' };
    expect((await send(jar, sneaky)).statusCode).toBe(200);
    await app.mail.flush();
    const raw = smtp.received.at(-1) ?? '';
    const headers = headerLines(raw);
    expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(headers.filter((line) => /^to:/i.test(line))).toEqual([`To: ${SUPPORT}`]);
    expect(headers.filter((line) => /^subject:/i.test(line))).toHaveLength(1);
    expect(mailTo('victim@example.com')).toEqual([]);
  });

  it(`limits a sender to ${CONTACT_LIMITS.perWindow} messages an hour, counted in the database`, async () => {
    const { id, email, jar } = await signedIn();
    const other = await signedIn();
    // Sent at once: the sender's row lock counts them one after another.
    const burst = await Promise.all(
      Array.from({ length: CONTACT_LIMITS.perWindow + 2 }, () => send(jar, message)),
    );
    const codes = burst.map((response) => response.statusCode).sort();
    expect(codes).toEqual([...Array<number>(CONTACT_LIMITS.perWindow).fill(200), 429, 429]);
    const refused = burst.find((response) => response.statusCode === 429);
    expect(refused?.json()).toMatchObject({ success: false, error: CONTACT_MESSAGES.tooMany });
    expect(await storedFor(id)).toHaveLength(CONTACT_LIMITS.perWindow);
    // Another sender is not held back by this one.
    expect((await send(other.jar, message)).statusCode).toBe(200);

    // An hour on the session has idled out; the same user signs in again.
    clock.advance(CONTACT_LIMITS.windowMs);
    const later = (await signIn(portal().app, { email })).jar;
    expect((await send(later, message)).statusCode).toBe(200);
  });

  it('loses nothing while the mail server is down and delivers once it is back', async () => {
    const { app, database } = portal();
    await smtp.close();
    const { id, jar } = await signedIn();
    const response = await send(jar, { ...message, subject: 'Sent during the outage' });
    expect(response.statusCode).toBe(200);
    await app.mail.flush();
    const [queued] = await database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('subject', '=', 'Contact Support: Sent during the outage')
      .execute();
    expect(queued).toMatchObject({ sent_at: null, attempts: 1 });
    expect(await storedFor(id)).toHaveLength(1);

    smtp = await startSmtp(port);
    clock.advance(retryDelayMs(1));
    await app.mail.flush();
    expect(smtp.received.some((raw) => raw.includes('Sent during the outage'))).toBe(true);
  });
});
