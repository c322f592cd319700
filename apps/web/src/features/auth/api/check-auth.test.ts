import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNAUTHENTICATED, getCheckAuth } from './check-auth';

const clearCookies = () => {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  }
};

/** A stand-in for the browser's fetch that answers every call with a 401. */
const fetchAnswering401 = () =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () =>
      Promise.resolve(new Response('{"error":"Unauthorized"}', { status: 401 })),
    );

describe('getCheckAuth', () => {
  afterEach(() => {
    clearCookies();
    vi.restoreAllMocks();
  });

  it('asks nothing when no session cookie is there: a signed-out visit logs no 401', async () => {
    const fetchSpy = fetchAnswering401();
    await expect(getCheckAuth()).resolves.toEqual(UNAUTHENTICATED);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks the server when a CSRF twin shows a session may be there', async () => {
    for (const cookie of ['csrf_access_token=A', 'csrf_refresh_token=R']) {
      clearCookies();
      document.cookie = `${cookie}; path=/`;
      const fetchSpy = fetchAnswering401();
      await expect(getCheckAuth()).resolves.toEqual(UNAUTHENTICATED);
      expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/check-auth');
      vi.restoreAllMocks();
    }
  });
});
