import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { TEST_PASSWORD, createTestUser, signIn, withSession } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { FORGOT_PASSWORD_LIMITS, LOGIN_LIMITS } from './rate-limit';

const tooMany = { success: false, error: AUTH_MESSAGES.tooManyRequests, code: 'too_many_requests' };

describe.each(testDialects())('limits on forgot-password and change-password [%s]', (dialect) => {
  const clock = testClock();
  const portal = useTestPortal(dialect, {}, { clock: clock.now });

  const forgot = (email: string, ip: string) =>
    portal().app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email },
      remoteAddress: ip,
    });

  it('sends an account only a few reset mails in a window, whatever the addresses', async () => {
    const { database } = portal();
    await createTestUser(database.db, { email: 'mailbox@example.com' });
    const statuses = [];
    for (let i = 0; i <= FORGOT_PASSWORD_LIMITS.accountMaxTries; i += 1) {
      statuses.push((await forgot('mailbox@example.com', `10.20.0.${i}`)).statusCode);
    }
    expect(statuses).toEqual([
      ...Array<number>(FORGOT_PASSWORD_LIMITS.accountMaxTries).fill(200),
      429,
    ]);
    const mails = await database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'mailbox@example.com')
      .execute();
    expect(mails).toHaveLength(FORGOT_PASSWORD_LIMITS.accountMaxTries);

    clock.advance(FORGOT_PASSWORD_LIMITS.windowMs);
    expect((await forgot('mailbox@example.com', '10.20.1.1')).statusCode).toBe(200);
  });

  it('holds under concurrent requests: no more get through than the limit', async () => {
    const responses = await Promise.all(
      Array.from({ length: 16 }, () => forgot('burst@example.com', '10.21.0.1')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(
      FORGOT_PASSWORD_LIMITS.accountMaxTries,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      16 - FORGOT_PASSWORD_LIMITS.accountMaxTries,
    );
    expect(responses.find((response) => response.statusCode === 429)?.json()).toEqual(tooMany);
  });

  it('slows guesses at the current password like sign-in guesses', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'changer@example.com' });
    const { jar } = await signIn(app, { email: 'changer@example.com' });
    const change = (current: string) =>
      app.inject(
        withSession(jar, {
          method: 'POST',
          url: '/api/reset-password',
          payload: { current_password: current, new_password: 'Maple-Lantern-77?' },
        }),
      );
    for (let i = 0; i < LOGIN_LIMITS.pairFreeTries; i += 1) {
      const wrong = await change('Wrong-Guess-1!');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ error: 'Current password is incorrect' });
    }
    const refused = await change(TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    clock.advance(LOGIN_LIMITS.pairFirstDelayMs);
    expect((await change(TEST_PASSWORD)).statusCode).toBe(200);
  });
});
