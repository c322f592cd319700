import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { createTestUser, signIn } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { LOGIN_LIMITS, addressKey } from './rate-limit';

const tooMany = { success: false, error: AUTH_MESSAGES.tooManyRequests, code: 'too_many_requests' };
const WRONG = 'Wrong-Guess-1!';
/** Longer than the longest wait a pair reaches before it is refused outright. */
const PAST_EVERY_WAIT = 70_000;
/** The wait before a pair's try after `tries` earlier ones. */
const pairWait = (tries: number) =>
  tries < LOGIN_LIMITS.pairFreeTries
    ? 0
    : LOGIN_LIMITS.pairFirstDelayMs * 2 ** (tries - LOGIN_LIMITS.pairFreeTries);

describe('addressKey', () => {
  it('counts IPv4 as is and an IPv6 client by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe.each(testDialects())('brute-force limits on sign-in [%s]', (dialect) => {
  const clock = testClock();
  const portal = useTestPortal(dialect, {}, { clock: clock.now });

  it('refuses an attacker rotating addresses, while the owner signs in from their own', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'target@example.com' });
    const pool = ['10.2.0.1', '10.2.0.2', '10.2.0.3', '10.2.0.4'];
    const guess = (ip: string) => signIn(app, { email: 'target@example.com', password: WRONG, ip });
    for (let i = 0; i < LOGIN_LIMITS.accountMaxTries; i += 1) {
      expect((await guess(pool[i % pool.length]!)).response.statusCode).toBe(401);
    }
    // The account is under attack: every address that has guessed at it is refused.
    for (const ip of pool) {
      const refused = await guess(ip);
      expect(refused.response.statusCode).toBe(429);
      expect(refused.response.json()).toEqual(tooMany);
    }
    // The owner, from an address with no failure at this account, is not.
    const owner = await signIn(app, { email: 'target@example.com', ip: '10.2.1.1' });
    expect(owner.response.statusCode).toBe(200);
    // The price of that promise: a fresh address is heard too, once, and then refused.
    expect((await guess('10.2.9.9')).response.statusCode).toBe(401);
    expect((await guess('10.2.9.9')).response.statusCode).toBe(429);
    // Hammering the closed door does not keep it closed past the window.
    clock.advance(LOGIN_LIMITS.windowMs);
    expect((await guess(pool[0]!)).response.statusCode).toBe(401);
  });

  it('lets other users behind a shared address sign in after one account’s failures there', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'typist@example.com' });
    await createTestUser(database.db, { email: 'colleague@example.com' });
    const shared = '10.3.0.1';
    // Ten failures inside three minutes, each as soon as the growing wait allows.
    for (let i = 0; i < LOGIN_LIMITS.accountMaxTries; i += 1) {
      clock.advance(pairWait(i));
      const { response } = await signIn(app, {
        email: 'typist@example.com',
        password: WRONG,
        ip: shared,
      });
      expect(response.statusCode).toBe(401);
    }
    clock.advance(PAST_EVERY_WAIT);
    const typist = await signIn(app, { email: 'typist@example.com', ip: shared });
    expect(typist.response.statusCode).toBe(429);

    const colleague = await signIn(app, { email: 'colleague@example.com', ip: shared });
    expect(colleague.response.statusCode).toBe(200);
    const newcomer = await signIn(app, {
      email: 'newcomer@example.com',
      password: WRONG,
      ip: shared,
    });
    expect(newcomer.response.statusCode).toBe(401);
  });

  it('makes one address wait longer and longer between guesses at one account', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'paced@example.com' });
    const guess = async () =>
      (await signIn(app, { email: 'paced@example.com', password: WRONG, ip: '10.4.0.1' })).response
        .statusCode;
    for (let i = 0; i < LOGIN_LIMITS.pairFreeTries; i += 1) {
      expect(await guess()).toBe(401);
    }
    for (const wait of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      expect(await guess()).toBe(429);
      clock.advance(wait - 1);
      // A refused try does not restart the wait.
      expect(await guess()).toBe(429);
      clock.advance(1);
      expect(await guess()).toBe(401);
    }
    // The owner's right password from that same address waits as well...
    expect(
      (await signIn(app, { email: 'paced@example.com', ip: '10.4.0.1' })).response.statusCode,
    ).toBe(429);
    // ...but not from any other.
    expect(
      (await signIn(app, { email: 'paced@example.com', ip: '10.4.0.2' })).response.statusCode,
    ).toBe(200);
  });

  it('counts an IPv6 client by its /64, so fresh addresses from it are no fresh start', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'v6@example.com' });
    const guess = async (ip: string) =>
      (await signIn(app, { email: 'v6@example.com', password: WRONG, ip })).response.statusCode;
    for (let i = 1; i <= LOGIN_LIMITS.pairFreeTries; i += 1) {
      expect(await guess(`2001:db8:7:7::${i}`)).toBe(401);
    }
    expect(await guess('2001:db8:7:7::99')).toBe(429);
    expect(await guess('2001:db8:7:8::1')).toBe(401);
  });

  it('does not count successful sign-ins: many colleagues may share one address', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'busy@example.com' });
    for (let i = 0; i < LOGIN_LIMITS.accountMaxTries + 2; i += 1) {
      const { response } = await signIn(app, { email: 'busy@example.com', ip: '10.6.0.1' });
      expect(response.statusCode).toBe(200);
    }
  });

  it('stops one address guessing across many accounts, high enough for a shared NAT', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'sprayed@example.com' });
    // The failures a password spray has left from one address in the last minutes.
    const now = clock.now();
    await database.db
      .insertInto('auth_attempts')
      .values(
        Array.from({ length: LOGIN_LIMITS.addressMaxTries - 1 }, (_, i) => ({
          id: randomUUID(),
          kind: 'login',
          scope: 'address',
          subject: '10.5.0.1',
          at: now - LOGIN_LIMITS.windowMs + 60_000 + i * 1000,
          failed: 1,
        })),
      )
      .execute();
    const last = await signIn(app, {
      email: 'spray-x@example.com',
      password: WRONG,
      ip: '10.5.0.1',
    });
    expect(last.response.statusCode).toBe(401);
    const blocked = await signIn(app, { email: 'sprayed@example.com', ip: '10.5.0.1' });
    expect(blocked.response.statusCode).toBe(429);
    const elsewhere = await signIn(app, { email: 'sprayed@example.com', ip: '10.5.0.2' });
    expect(elsewhere.response.statusCode).toBe(200);

    clock.advance(LOGIN_LIMITS.windowMs);
    const later = await signIn(app, { email: 'sprayed@example.com', ip: '10.5.0.1' });
    expect(later.response.statusCode).toBe(200);
  });

  it('holds under concurrent requests: a burst gets no more guesses than the free ones', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'burst@example.com' });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        signIn(app, { email: 'burst@example.com', password: WRONG, ip: '10.7.0.1' }),
      ),
    );
    const statuses = responses.map(({ response }) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      LOGIN_LIMITS.pairFreeTries,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      12 - LOGIN_LIMITS.pairFreeTries,
    );
  });
});
