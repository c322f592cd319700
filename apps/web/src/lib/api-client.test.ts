import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  SessionExpiredError,
  createApiClient,
  csrfHeaderFor,
  onAuthEvent,
} from './api-client';

/**
 * These tests drive the client with a scripted stand-in for the browser's fetch, to pin down
 * the queueing and retry rules exactly; the real server's side is covered by the API tests
 * and the end-to-end specs.
 */
type TCall = { path: string; method: string; headers: Record<string, string> };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const scriptedFetch = (answer: (call: TCall, calls: TCall[]) => Response | Promise<Response>) => {
  const calls: TCall[] = [];
  const fetchImpl = (async (input: string, init?: RequestInit) => {
    const call = {
      path: input,
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    return answer(call, calls);
  }) as typeof fetch;
  return { calls, fetchImpl };
};

const setCookies = (...cookies: string[]) => {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  }
  for (const cookie of cookies) {
    document.cookie = `${cookie}; path=/`;
  }
};

afterEach(() => setCookies());

describe('csrfHeaderFor', () => {
  it('takes csrf_access_token, else csrf_refresh_token, only on unsafe non-exempt calls', () => {
    const both = 'csrf_access_token=A; csrf_refresh_token=R';
    expect(csrfHeaderFor('POST', '/api/logout', both)).toEqual({ 'X-CSRF-TOKEN': 'A' });
    expect(csrfHeaderFor('POST', '/api/logout', 'csrf_refresh_token=R')).toEqual({
      'X-CSRF-TOKEN': 'R',
    });
    expect(csrfHeaderFor('GET', '/api/check-auth', both)).toEqual({});
    expect(csrfHeaderFor('POST', '/api/login', both)).toEqual({});
    expect(csrfHeaderFor('POST', '/api/login/second-factor', both)).toEqual({});
    expect(csrfHeaderFor('POST', '/api/refresh-token', both)).toEqual({});
    expect(csrfHeaderFor('PUT', '/api/preferences', '')).toEqual({});
  });
});

describe('the API client', () => {
  it('sends JSON with the XHR marker and credentials', async () => {
    setCookies('csrf_access_token=A1');
    const { calls, fetchImpl } = scriptedFetch(() => json(200, { ok: true }));
    const client = createApiClient(fetchImpl);
    await expect(client.post('/api/thing', { a: 1 })).resolves.toEqual({ ok: true });
    expect(calls[0]?.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'X-CSRF-TOKEN': 'A1',
    });
  });

  it('queues concurrent 401s behind one refresh, then retries each once', async () => {
    setCookies('csrf_refresh_token=R1');
    let refreshed = false;
    const { calls, fetchImpl } = scriptedFetch((call) => {
      if (call.path === '/api/refresh-token') {
        refreshed = true;
        return json(200, { success: true });
      }
      return refreshed ? json(200, { path: call.path }) : json(401, { error: 'expired' });
    });
    const client = createApiClient(fetchImpl);
    const results = await Promise.all([
      client.get('/api/a'),
      client.get('/api/b'),
      client.post('/api/c'),
    ]);
    expect(results).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(calls.filter((call) => call.path === '/api/refresh-token')).toHaveLength(1);
    expect(calls).toHaveLength(7);
  });

  it('reports an expired session when the refresh fails, and never retries login or refresh', async () => {
    setCookies('csrf_refresh_token=R1');
    const events: string[] = [];
    const stop = onAuthEvent((event) => events.push(event));
    const { calls, fetchImpl } = scriptedFetch(() => json(401, { error: 'Invalid credentials' }));
    const client = createApiClient(fetchImpl);

    await expect(client.get('/api/data')).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(client.get('/api/data')).rejects.toThrow(
      'Your session has expired. Please login again.',
    );
    expect(events).toEqual(['session-expired', 'session-expired']);

    const before = calls.length;
    await expect(client.post('/api/login', {})).rejects.toMatchObject({
      status: 401,
      serverError: 'Invalid credentials',
    });
    expect(calls.length - before).toBe(1);
    stop();
  });

  it('hands a wrong second-factor code back as it came, without a refresh or session event', async () => {
    setCookies('csrf_refresh_token=R1');
    const events: string[] = [];
    const stop = onAuthEvent((event) => events.push(event));
    const { calls, fetchImpl } = scriptedFetch(() =>
      json(401, { success: false, error: 'That code did not work.', code: 'unauthorized' }),
    );
    await expect(
      createApiClient(fetchImpl).post('/api/login/second-factor', {}),
    ).rejects.toMatchObject({ status: 401, serverError: 'That code did not work.' });
    expect(calls.map((call) => call.path)).toEqual(['/api/login/second-factor']);
    expect(events).toEqual([]);
    stop();
  });

  it('treats a failed check-auth as signed out, without a session-expired event', async () => {
    const events: string[] = [];
    const stop = onAuthEvent((event) => events.push(event));
    const { calls, fetchImpl } = scriptedFetch(() =>
      json(401, { error: 'Authentication required' }),
    );
    await expect(createApiClient(fetchImpl).get('/api/check-auth')).rejects.toMatchObject({
      status: 401,
    });
    // No refresh cookie, so no pointless refresh call either.
    expect(calls.map((call) => call.path)).toEqual(['/api/check-auth']);
    expect(events).toEqual([]);
    stop();
  });

  it('flags 403 Password reset required and gives friendly messages by status', async () => {
    const events: string[] = [];
    const stop = onAuthEvent((event) => events.push(event));
    const { fetchImpl } = scriptedFetch((call) =>
      call.path === '/api/reset'
        ? json(403, { success: false, error: 'Password reset required', code: 'forbidden' })
        : new Response('<html>bad gateway</html>', { status: 502 }),
    );
    const client = createApiClient(fetchImpl);
    const forced = await client.get('/api/reset').catch((error: unknown) => error);
    expect(forced).toBeInstanceOf(ApiError);
    expect((forced as ApiError).passwordResetRequired).toBe(true);
    expect(events).toEqual(['password-reset-required']);
    await expect(client.get('/api/other')).rejects.toThrow(
      'Service temporarily unavailable. Please try again later.',
    );
    stop();
  });
});
