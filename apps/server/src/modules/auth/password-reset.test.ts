import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { PASSWORD_POLICY_MESSAGES } from '@portal/domain/passwords';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { lastResetToken, readOutboxFiles } from '../../test/mail';
import { TEST_PASSWORD, createTestUser, signIn, withSession } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { listAuditEntries } from '../audit/repository';
import { FORGOT_PASSWORD_ANSWER_MS, FORGOT_PASSWORD_MESSAGE } from './password-service';

const ORIGIN = 'https://portal.example.org';
const NEW_PASSWORD = 'Copper-Meadow-58!';

describe.each(testDialects())('password reset by emailed link [%s]', (dialect) => {
  const clock = testClock();
  const portal = useTestPortal(dialect, { APP_ORIGIN: ORIGIN }, { clock: clock.now });

  const forgot = (email: string, headers: Record<string, string> = {}) =>
    portal().app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email },
      headers,
      remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
  const verify = (token: string) =>
    portal().app.inject({ method: 'POST', url: '/api/verify-reset-token', payload: { token } });
  const reset = (token: string, password = NEW_PASSWORD) =>
    portal().app.inject({
      method: 'POST',
      url: '/api/reset-password-with-token',
      payload: { token, new_password: password },
    });
  /** Requests a reset and returns the token from the delivered mail. */
  const mailedToken = async (email: string) => {
    expect((await forgot(email)).statusCode).toBe(200);
    await portal().app.mail.flush();
    return lastResetToken(portal().config.dataDir, email);
  };

  it('answers known and unknown emails alike and in the same time', async () => {
    const { database } = portal();
    await createTestUser(database.db, { email: 'known@example.com' });
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await forgot(email);
      return { response, ms: performance.now() - started };
    };
    const known = await timed('known@example.com');
    const unknown = await timed('unknown@example.com');
    expect(known.response.statusCode).toBe(200);
    expect(unknown.response.statusCode).toBe(200);
    expect(known.response.body).toBe(unknown.response.body);
    expect(known.response.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });
    expect(known.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 5);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);

    const queued = await database.db.selectFrom('mail_outbox').select('to_address').execute();
    expect(queued.map((row) => row.to_address)).toEqual(['known@example.com']);
  });

  it('mails a single-use link built from APP_ORIGIN, not the Host header, and resets with it', async () => {
    const { app, database, config } = portal();
    const id = await createTestUser(database.db, { email: 'reset@example.com' });
    const before = (await signIn(app, { email: 'reset@example.com' })).jar;

    expect((await forgot('reset@example.com', { host: 'evil.example' })).statusCode).toBe(200);
    await app.mail.flush();
    const mail = (await readOutboxFiles(config.dataDir)).find((text) =>
      text.includes('To: reset@example.com'),
    );
    expect(mail).toContain(`${ORIGIN}/reset-password?token=`);
    expect(mail).not.toContain('evil.example');
    const token = await lastResetToken(config.dataDir, 'reset@example.com');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    // Only a hash of the token is stored, and the delivered mail's body is dropped.
    const stored = await database.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    const outbox = await database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'reset@example.com')
      .executeTakeFirstOrThrow();
    expect(outbox.sent_at).not.toBeNull();
    expect(outbox.text_body).not.toContain(token);

    expect((await verify(token)).json()).toEqual({ valid: true, email: 'reset@example.com' });
    const weak = await reset(token, 'password');
    expect(weak.statusCode).toBe(400);
    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: 'Password has been reset successfully' });

    // Single use, every old session ended, the new password works.
    expect((await reset(token, 'Another-Field-93!')).json()).toEqual({
      success: false,
      error: AUTH_MESSAGES.invalidResetToken,
      code: 'bad_request',
    });
    expect((await verify(token)).json()).toEqual({
      valid: false,
      error: AUTH_MESSAGES.invalidResetToken,
    });
    const check = await app.inject(withSession(before, { method: 'GET', url: '/api/check-auth' }));
    expect(check.statusCode).toBe(401);
    expect(
      (await signIn(app, { email: 'reset@example.com', password: NEW_PASSWORD })).response
        .statusCode,
    ).toBe(200);
    const user = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(
      await listAuditEntries(database.db, { userId: id, action: 'password_reset' }),
    ).toHaveLength(1);
  });

  it('expires a link after one hour', async () => {
    await createTestUser(portal().database.db, { email: 'late@example.com' });
    const token = await mailedToken('late@example.com');
    clock.advance(59 * 60_000);
    expect((await verify(token)).json()).toMatchObject({ valid: true });
    clock.advance(2 * 60_000);
    expect((await verify(token)).json()).toMatchObject({ valid: false });
    expect((await reset(token)).statusCode).toBe(400);
  });

  it('voids a link when a later one is sent or the password changes', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'twice@example.com' });
    const first = await mailedToken('twice@example.com');
    clock.advance(1000);
    const second = await mailedToken('twice@example.com');
    expect(second).not.toBe(first);
    expect((await verify(first)).json()).toMatchObject({ valid: false });
    expect((await verify(second)).json()).toMatchObject({ valid: true });

    const { jar } = await signIn(app, { email: 'twice@example.com' });
    const changed = await app.inject(
      withSession(jar, {
        method: 'POST',
        url: '/api/reset-password',
        payload: { current_password: 'Quiet-Harbor-42!', new_password: NEW_PASSWORD },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect((await verify(second)).json()).toMatchObject({ valid: false });
  });

  it('refuses the current password as /change-password does, and keeps the link usable', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'same@example.com' });
    const token = await mailedToken('same@example.com');
    const same = await reset(token, TEST_PASSWORD);
    expect([same.statusCode, same.json<{ error: string }>().error]).toEqual([
      400,
      PASSWORD_POLICY_MESSAGES.sameAsCurrent,
    ]);
    // The refusal used nothing up: the link still sets a new password.
    expect((await verify(token)).json()).toMatchObject({ valid: true });
    expect((await reset(token)).statusCode).toBe(200);

    // /change-password answers the same words for the same mistake.
    const { jar } = await signIn(app, { email: 'same@example.com', password: NEW_PASSWORD });
    const changed = await app.inject(
      withSession(jar, {
        method: 'POST',
        url: '/api/reset-password',
        payload: { current_password: NEW_PASSWORD, new_password: NEW_PASSWORD },
      }),
    );
    expect([changed.statusCode, changed.json<{ error: string }>().error]).toEqual([
      400,
      PASSWORD_POLICY_MESSAGES.sameAsCurrent,
    ]);
  });

  it('rejects tokens it never issued', async () => {
    expect((await verify('not-a-token')).json()).toMatchObject({ valid: false });
    expect((await reset('not-a-token')).statusCode).toBe(400);
  });
});
