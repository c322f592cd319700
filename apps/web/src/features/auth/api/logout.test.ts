import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_KEYS, local } from '../../../lib/storage-keys';
import { logout } from './logout';

/*
 * logout() through the real API client, with the browser's fetch scripted: the retry rule
 * itself is end-session.test.ts's; here, what a 503 or a dropped connection leads to.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const SIGNED_IN = {
  authenticated: true,
  user: { id: 1, email: 'cm@example.com', role: 'case_manager' },
  claims: { permissions: [] },
};

const serverAnswering = (logoutAnswer: () => Response) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    // The API client always passes the path as a string.
    const path = input as string;
    if (path === '/api/logout') {
      return logoutAnswer();
    }
    if (path === '/api/check-auth') {
      return json(200, SIGNED_IN);
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${path}`);
  });

const requests = (fetchSpy: ReturnType<typeof serverAnswering>) =>
  fetchSpy.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${input as string}`);

/** Runs logout() to its end, letting the pauses between attempts pass at once. */
const settle = async <T>(promise: Promise<T>) => {
  await vi.runAllTimersAsync();
  return promise;
};

describe('logout', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    document.cookie = 'csrf_access_token=A1; path=/';
    local.set(LOCAL_KEYS.cmStatus, '5');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.cookie = 'csrf_access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('ends the session with one POST carrying the CSRF header, and clears the saved filters', async () => {
    const fetchSpy = serverAnswering(() => json(200, { success: true, message: 'Logged out' }));
    await expect(settle(logout())).resolves.toBe('signed-out');
    expect(requests(fetchSpy)).toEqual(['POST /api/logout']);
    expect(fetchSpy.mock.calls[0]?.[1]?.headers).toMatchObject({ 'X-CSRF-TOKEN': 'A1' });
    expect(local.get(LOCAL_KEYS.cmStatus)).toBeNull();
  });

  it('reports a session that still stands after three 503s', async () => {
    const fetchSpy = serverAnswering(() => json(503, { success: false, error: 'Unavailable' }));
    await expect(settle(logout())).resolves.toBe('still-signed-in');
    expect(requests(fetchSpy)).toEqual([
      'POST /api/logout',
      'POST /api/logout',
      'POST /api/logout',
      'GET /api/check-auth',
    ]);
  });

  it('reports a still-signed-in browser when the connection drops every time', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed'));
    await expect(settle(logout())).resolves.toBe('still-signed-in');
    expect(fetchSpy).toHaveBeenCalledTimes(4);
  });

  it('signs out when a retry gets through', async () => {
    let attempts = 0;
    const fetchSpy = serverAnswering(() => {
      attempts += 1;
      return attempts < 3 ? json(502, {}) : json(200, { success: true, message: 'Logged out' });
    });
    await expect(settle(logout())).resolves.toBe('signed-out');
    expect(requests(fetchSpy)).toEqual([
      'POST /api/logout',
      'POST /api/logout',
      'POST /api/logout',
    ]);
  });
});
