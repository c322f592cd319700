import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { createTestUser, signIn } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { RATE_LIMITS } from './rate-limit';

const tooMany = { success: false, error: AUTH_MESSAGES.tooManyRequests, code: 'too_many_requests' };

describe.each(testDialects())('brute-force limits [%s]', (dialect) => {
  const clock = testClock();
  const portal = useTestPortal(dialect, {}, { clock: clock.now });

  it('allows 10 sign-in tries per account in 3 minutes, from any mix of IPs', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'target@example.com' });
    for (let i = 0; i < RATE_LIMITS.maxTries; i += 1) {
      const { response } = await signIn(app, {
        email: 'target@example.com',
        password: 'Wrong-Guess-1!',
        ip: `10.2.0.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    // Even the right password waits: the account is locked for the window.
    const locked = await signIn(app, { email: 'target@example.com', ip: '10.2.1.1' });
    expect(locked.response.statusCode).toBe(429);
    expect(locked.response.json()).toEqual(tooMany);

    clock.advance(RATE_LIMITS.windowMs);
    const later = await signIn(app, { email: 'target@example.com', ip: '10.2.1.1' });
    expect(later.response.statusCode).toBe(200);
  });

  it('allows 10 tries per IP in 3 minutes, across accounts', async () => {
    const { app } = portal();
    for (let i = 0; i < RATE_LIMITS.maxTries; i += 1) {
      const { response } = await signIn(app, {
        email: `spray-${i}@example.com`,
        password: 'Wrong-Guess-1!',
        ip: '10.3.0.1',
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await signIn(app, { email: 'spray-x@example.com', ip: '10.3.0.1' });
    expect(blocked.response.statusCode).toBe(429);
    const otherIp = await signIn(app, { email: 'spray-x@example.com', ip: '10.3.0.2' });
    expect(otherIp.response.statusCode).toBe(401);
  });

  it('does not count successful sign-ins: many colleagues may share one address', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'colleague@example.com' });
    for (let i = 0; i < RATE_LIMITS.maxTries + 2; i += 1) {
      const { response } = await signIn(app, { email: 'colleague@example.com', ip: '10.6.0.1' });
      expect(response.statusCode).toBe(200);
    }
  });

  it('holds under concurrent requests: no more than 10 get through', async () => {
    const { app } = portal();
    const responses = await Promise.all(
      Array.from({ length: 16 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email: 'burst@example.com' },
          remoteAddress: '10.4.0.1',
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(
      RATE_LIMITS.maxTries,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
    expect(responses.find((response) => response.statusCode === 429)?.json()).toEqual(tooMany);
  });

  it('stops an account after 100 failures in an hour, whatever the pace and IPs', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'slow-target@example.com' });
    // 99 failures spread over the last hour, as a patient attacker would leave them.
    const now = clock.now();
    await database.db
      .insertInto('auth_attempts')
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          id: randomUUID(),
          kind: 'login',
          scope: 'account',
          subject: 'slow-target@example.com',
          at: now - 50 * 60_000 + i * 30_000,
          failed: 1,
        })),
      )
      .execute();
    const hundredth = await signIn(app, {
      email: 'slow-target@example.com',
      password: 'Wrong-Guess-1!',
      ip: '10.5.0.1',
    });
    expect(hundredth.response.statusCode).toBe(401);
    const blocked = await signIn(app, { email: 'slow-target@example.com', ip: '10.5.0.2' });
    expect(blocked.response.statusCode).toBe(429);

    clock.advance(60 * 60_000);
    const nextHour = await signIn(app, { email: 'slow-target@example.com', ip: '10.5.0.3' });
    expect(nextHour.response.statusCode).toBe(200);
  });
});
