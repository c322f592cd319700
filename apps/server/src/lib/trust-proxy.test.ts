import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestUser, TEST_PASSWORD } from '../test/sessions';
import { useTestPortal } from '../test/test-portal';
import { listedProxy, parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('reads off, a hop count, "true" as one hop, and proxy addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1, fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses what is neither', () => {
    expect(() => parseTrustProxy('proxy.example.com')).toThrow('TRUST_PROXY must be');
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow('TRUST_PROXY must be');
    expect(() => parseTrustProxy(',')).toThrow('TRUST_PROXY must be');
  });
});

/** A route that answers the client address the portal believes. */
const echoIp = (app: FastifyInstance) => {
  app.get('/api/test/ip', (request) => ({ ip: request.ip }));
};

const ipOf = async (
  app: FastifyInstance,
  options: { remoteAddress: string; forwardedFor?: string },
) => {
  const response = await app.inject({
    method: 'GET',
    url: '/api/test/ip',
    remoteAddress: options.remoteAddress,
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });
  return response.json<{ ip: string }>().ip;
};

describe.each(testDialects())('TRUST_PROXY=1, one reverse proxy [%s]', (dialect) => {
  const portal = useTestPortal(dialect, { TRUST_PROXY: '1' }, { beforeReady: echoIp });

  it('takes the address the proxy added, never the one the client wrote', async () => {
    const { app } = portal();
    const forwardedFor = '203.0.113.9, 127.0.0.1';
    expect(await ipOf(app, { remoteAddress: '127.0.0.1', forwardedFor })).toBe('127.0.0.1');
    expect(await ipOf(app, { remoteAddress: '127.0.0.1', forwardedFor: '198.51.100.4' })).toBe(
      '198.51.100.4',
    );
  });

  it('audits the real address, and a rotated leftmost address does not escape the login limit', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'victim@example.com' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12 && !statuses.includes(429); attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'victim@example.com', password: 'Wrong-Guess-1!' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}, 127.0.0.1` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);

    const rows = await database.db
      .selectFrom('audit_log')
      .select('ip')
      .where('action', '=', 'login_failure')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.ip))).toEqual(new Set(['127.0.0.1']));
  });
});

describe('TRUST_PROXY as the proxies’ addresses', () => {
  const portal = useTestPortal('sqlite', { TRUST_PROXY: '10.0.0.0/8' }, { beforeReady: echoIp });

  it('believes the listed proxies only, and takes the first address they did not add', async () => {
    const { app } = portal();
    const forwardedFor = '203.0.113.9, 198.51.100.7, 10.0.0.2';
    expect(await ipOf(app, { remoteAddress: '10.0.0.1', forwardedFor })).toBe('198.51.100.7');
    // The same header from a client that is not a listed proxy is not believed at all.
    expect(await ipOf(app, { remoteAddress: '192.0.2.1', forwardedFor })).toBe('192.0.2.1');
  });
});

describe('TRUST_PROXY=true', () => {
  const portal = useTestPortal('sqlite', { TRUST_PROXY: 'true' }, { beforeReady: echoIp });

  it('means one hop, not the leftmost address', async () => {
    const { app } = portal();
    const forwardedFor = '203.0.113.9, 198.51.100.7';
    expect(await ipOf(app, { remoteAddress: '10.0.0.1', forwardedFor })).toBe('198.51.100.7');
  });
});

describe('listedProxy', () => {
  it('knows the listed proxies’ addresses, and none for a hop count or no proxy', () => {
    const listed = listedProxy(['10.0.0.0/8', 'loopback']);
    expect(listed('10.1.2.3')).toBe(true);
    expect(listed('::ffff:10.1.2.3')).toBe(true);
    expect(listed('127.0.0.2')).toBe(true);
    expect(listed('::1')).toBe(true);
    expect(listed('192.0.2.1')).toBe(false);
    expect(listed('not an address')).toBe(false);
    expect(listedProxy(1)('127.0.0.1')).toBe(false);
    expect(listedProxy(false)('127.0.0.1')).toBe(false);
  });
});

// What a client can write in X-Forwarded-For for a one-hop proxy to pass on as its address.
const NOT_ADDRESSES = ["=cmd|'/C calc'!A0", 'proxy.example.com', '203.0.113.9:4711', 'unknown'];

describe.each(testDialects())(
  'TRUST_PROXY=1 and an X-Forwarded-For that is no address [%s]',
  (dialect) => {
    const portal = useTestPortal(dialect, { TRUST_PROXY: '1' }, { beforeReady: echoIp });

    it('believes only an IP address there, and otherwise the socket’s peer', async () => {
      const { app } = portal();
      for (const forwardedFor of NOT_ADDRESSES) {
        expect(await ipOf(app, { remoteAddress: '127.0.0.1', forwardedFor })).toBe('127.0.0.1');
        expect(
          await ipOf(app, {
            remoteAddress: '127.0.0.1',
            forwardedFor: `198.51.100.4, ${forwardedFor}`,
          }),
        ).toBe('127.0.0.1');
      }
      expect(await ipOf(app, { remoteAddress: '127.0.0.1', forwardedFor: ' 198.51.100.4 ' })).toBe(
        '198.51.100.4',
      );
      expect(
        await ipOf(app, { remoteAddress: '127.0.0.1', forwardedFor: '::ffff:198.51.100.4' }),
      ).toBe('::ffff:198.51.100.4');
      expect(await ipOf(app, { remoteAddress: '127.0.0.1', forwardedFor: '2001:db8::7' })).toBe(
        '2001:db8::7',
      );
    });

    it('audits, sessions and rate-limits sign-ins under the socket’s address instead', async () => {
      const { app, database } = portal();
      await createTestUser(database.db, { email: 'nurse@example.com' });
      const signIn = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'nurse@example.com', password },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': NOT_ADDRESSES[0] },
        });

      expect((await signIn('Wrong-Guess-1!')).statusCode).toBe(401);
      const attempts = await database.db
        .selectFrom('auth_attempts')
        .select('subject')
        .where('scope', '=', 'address')
        .execute();
      expect(attempts.map((row) => row.subject)).toEqual(['127.0.0.1']);

      expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
      const audited = await database.db
        .selectFrom('audit_log')
        .select(['action', 'ip'])
        .where('action', 'in', ['login_failure', 'login_success'])
        .orderBy('id')
        .execute();
      expect(audited).toEqual([
        { action: 'login_failure', ip: '127.0.0.1' },
        { action: 'login_success', ip: '127.0.0.1' },
      ]);
      const sessions = await database.db.selectFrom('sessions').select('ip').execute();
      expect(sessions).toEqual([{ ip: '127.0.0.1' }]);
    });
  },
);

describe('TRUST_PROXY as the proxies’ addresses and an X-Forwarded-For that is no address', () => {
  const portal = useTestPortal('sqlite', { TRUST_PROXY: '10.0.0.0/8' }, { beforeReady: echoIp });

  it('takes the socket’s peer when the first address the proxies did not add is none', async () => {
    const { app } = portal();
    const forwardedFor = "203.0.113.9, =cmd|'/C calc'!A0, 10.0.0.2";
    expect(await ipOf(app, { remoteAddress: '10.0.0.1', forwardedFor })).toBe('10.0.0.1');
  });
});
