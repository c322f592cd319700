import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '@portal/domain/contact';
import { FORGOT_PASSWORD_LIMITS, LOGIN_LIMITS } from '../modules/auth/rate-limit';
import { testClock } from '../test/clock';
import { testDialects } from '../test/databases';
import { createTestUser, signIn, withSession } from '../test/sessions';
import { useTestPortal } from '../test/test-portal';

/**
 * Issue 32: every 429 says when to try again, in whole seconds (Retry-After): the sign-in
 * limit's doubling wait, the end of a window's oldest try (forgot-password), the hour of
 * Contact Support.
 */
const WRONG = 'Wrong-Guess-1!';
const SECOND = 1000;

describe.each(testDialects())('Retry-After on 429 [%s]', (dialect) => {
  const clock = testClock();
  const portal = useTestPortal(dialect, {}, { clock: clock.now });

  it('sign-in: the doubling wait between one address’s tries at one account', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'guessed@example.com' });
    const guess = () =>
      signIn(app, { email: 'guessed@example.com', password: WRONG, ip: '10.40.0.1' });
    for (let i = 0; i < LOGIN_LIMITS.pairFreeTries; i += 1) {
      expect((await guess()).response.statusCode).toBe(401);
    }
    const first = (await guess()).response;
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe(String(LOGIN_LIMITS.pairFirstDelayMs / SECOND));
    clock.advance(LOGIN_LIMITS.pairFirstDelayMs);
    expect((await guess()).response.statusCode).toBe(401);
    const second = (await guess()).response;
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe(
      String((2 * LOGIN_LIMITS.pairFirstDelayMs) / SECOND),
    );
    // Told to wait 2 s, a client that waits that long is heard.
    clock.advance(Number(second.headers['retry-after']) * SECOND);
    expect((await guess()).response.statusCode).toBe(401);
  });

  it('forgot-password: until the oldest request of the window leaves it', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'reset@example.com' });
    const forgot = () =>
      app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'reset@example.com' },
        remoteAddress: '10.40.1.1',
      });
    for (let i = 0; i < FORGOT_PASSWORD_LIMITS.accountMaxTries; i += 1) {
      expect((await forgot()).statusCode).toBe(200);
    }
    clock.advance(100 * SECOND);
    const refused = await forgot();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(
      String((FORGOT_PASSWORD_LIMITS.windowMs - 100 * SECOND) / SECOND),
    );
  });

  it('contact support: until the hour’s oldest message leaves the window', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'writer@example.com', role: 'patient' });
    const { jar } = await signIn(app, { email: 'writer@example.com' });
    const send = () =>
      app.inject(
        withSession(jar, {
          method: 'POST',
          url: '/api/contact/message',
          payload: {
            name: 'Pat Jones',
            email: 'pat.jones@example.com',
            subject: 'Order question',
            message: 'Where is my order?',
          },
        }),
      );
    for (let i = 0; i < CONTACT_LIMITS.perWindow; i += 1) {
      expect((await send()).statusCode).toBe(200);
    }
    clock.advance(60 * SECOND);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(
      String((CONTACT_LIMITS.windowMs - 60 * SECOND) / SECOND),
    );
  });
});
