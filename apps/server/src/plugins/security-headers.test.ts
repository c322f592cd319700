import { describe, expect, it } from 'vitest';
import { useTestPortal } from '../test/test-portal';

/**
 * The headers the portal sent while @fastify/helmet ran per request, written out: computing
 * them once at startup (security-headers.ts) must not change a byte of the policy. The
 * headers do not depend on the database, so one dialect is enough.
 */
const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
].join(';');

const POLICY = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

const TRANSPORT = new Set([
  'content-type',
  'content-length',
  'cache-control',
  'date',
  'connection',
  'location',
]);

/** The response's headers minus those of the transport and the body. */
const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT.has(name)));

const CALLS = [
  { url: '/api/health', status: 200 },
  { url: '/api/check-auth', status: 401 },
  { url: '/api/no-such-thing', status: 404 },
];

describe('security headers over http', () => {
  const portal = useTestPortal('sqlite', {
    APP_ORIGIN: 'http://portal.example.com',
    API_DOCS: 'true',
  });

  it.each(CALLS)('$url ($status) carries the policy, without HSTS', async ({ url, status }) => {
    const response = await portal().app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(securityHeadersOf(response.headers)).toEqual(POLICY);
  });

  it('leaves the API docs their own CSP, as before', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('security headers over https', () => {
  const portal = useTestPortal('sqlite', { APP_ORIGIN: 'https://portal.example.com' });

  it.each(CALLS)('$url ($status) carries the policy and HSTS', async ({ url, status }) => {
    const response = await portal().app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(securityHeadersOf(response.headers)).toEqual({ ...POLICY, ...HSTS });
  });
});
