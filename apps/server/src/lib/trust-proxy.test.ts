import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestUser } from '../test/sessions';
import { useTestPortal } from '../test/test-portal';
import { parseTrustProxy } from './trust-proxy';

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
