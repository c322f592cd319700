import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import {
  createTestUser,
  signIn,
  updateJar,
  withSession,
  withoutCookies,
  type TJar,
} from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';

const MINUTE = 60_000;

describe.each(testDialects())('session tokens and CSRF [%s]', (dialect) => {
  const clock = testClock();
  const portal = useTestPortal(dialect, {}, { clock: clock.now });
  let count = 0;

  /** A fresh user and a signed-in jar for them. */
  const session = async (options: { rememberMe?: boolean } = {}) => {
    const { app, database } = portal();
    count += 1;
    const email = `tokens-${count}@example.com`;
    await createTestUser(database.db, { email });
    const { response, jar } = await signIn(app, { email, ...options });
    expect(response.statusCode).toBe(200);
    return jar;
  };

  const markShown = (jar: TJar, headers: Record<string, string> = {}) =>
    portal().app.inject(
      withSession(jar, { method: 'POST', url: '/api/filter-preferences-shown', headers }),
    );
  const checkAuth = (jar: TJar) =>
    portal().app.inject(withSession(jar, { method: 'GET', url: '/api/check-auth' }));
  const refresh = (jar: TJar) =>
    portal().app.inject(withSession(jar, { method: 'POST', url: '/api/refresh-token' }));

  it('needs the X-CSRF-TOKEN header on unsafe calls, equal to the value bound in the token', async () => {
    const jar = await session();
    const missing = await portal().app.inject({
      method: 'POST',
      url: '/api/filter-preferences-shown',
      headers: { cookie: `access_token_cookie=${jar.access_token_cookie}` },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ error: 'Missing or invalid CSRF token' });
    expect((await markShown(jar, { 'x-csrf-token': 'guessed' })).statusCode).toBe(403);
    // The refresh token's CSRF value does not unlock calls made with the access token.
    expect((await markShown(jar, { 'x-csrf-token': jar.csrf_refresh_token! })).statusCode).toBe(
      403,
    );
    // A forged csrf cookie does not help either: the value inside the signed token decides.
    const forged = { ...jar, csrf_access_token: 'forged' };
    expect((await markShown(forged)).statusCode).toBe(403);
    expect((await markShown(jar)).statusCode).toBe(200);
  });

  it('rejects tampered, foreign-key, alg:none, wrong-kind and expired access tokens with 401', async () => {
    const jar = await session();
    const token = jar.access_token_cookie!;
    const claims = decodeJwt(token);
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: '999999' })).toString(
      'base64url',
    );
    const variants = {
      tampered: `${header}.${otherUser}.${signature}`,
      foreignKey: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(64))),
      algNone: new UnsecuredJWT(claims).encode(),
      refreshAsAccess: jar.refresh_token_cookie!,
      garbage: `${payload}`,
    };
    for (const [name, variant] of Object.entries(variants)) {
      const response = await checkAuth({ ...jar, access_token_cookie: variant });
      expect([name, response.statusCode]).toEqual([name, 401]);
    }

    expect((await checkAuth(jar)).statusCode).toBe(200);
    clock.advance(16 * MINUTE);
    expect((await checkAuth(jar)).statusCode).toBe(401);
  });

  it('rotates the refresh token, and a replayed one revokes the whole session', async () => {
    const jar = await session();
    clock.advance(16 * MINUTE);
    const first = await refresh(jar);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    const rotated = updateJar(jar, first);
    expect(rotated.refresh_token_cookie).not.toBe(jar.refresh_token_cookie);
    expect(rotated.csrf_access_token).not.toBe(jar.csrf_access_token);
    expect((await checkAuth(rotated)).statusCode).toBe(200);

    // A second tab racing with the old token a moment later: no new cookies, no harm.
    const racing = await refresh(jar);
    expect(racing.statusCode).toBe(200);
    expect(racing.headers['set-cookie']).toBeUndefined();
    expect((await checkAuth(rotated)).statusCode).toBe(200);

    // The old token again, well after the rotation: a replay. The family is revoked.
    clock.advance(MINUTE);
    const replay = await refresh(jar);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: AUTH_MESSAGES.sessionExpired });
    expect((await checkAuth(rotated)).statusCode).toBe(401);
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('logs out: the old access and refresh cookies stop working', async () => {
    const jar = await session();
    const withoutCsrf = await portal().app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `access_token_cookie=${jar.access_token_cookie}` },
    });
    expect(withoutCsrf.statusCode).toBe(403);
    expect((await checkAuth(jar)).statusCode).toBe(200);

    const out = await portal().app.inject(withSession(jar, { method: 'POST', url: '/api/logout' }));
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies
      .filter((cookie) => cookie.value === '')
      .map((cookie) => cookie.name);
    expect(cleared.sort()).toEqual([
      'access_token_cookie',
      'csrf_access_token',
      'csrf_refresh_token',
      'refresh_token_cookie',
    ]);
    expect((await checkAuth(jar)).statusCode).toBe(401);
    expect((await refresh(jar)).statusCode).toBe(401);
  });

  it('answers a logout whose session is already gone with 200 and cleared cookies', async () => {
    // The browser retries a logout whose answer was lost after the session had ended: the
    // retry must still clear the cookies, or the browser keeps them.
    const clearedBy = (response: { cookies: { name: string; value: string }[] }) =>
      response.cookies
        .filter((cookie) => cookie.value === '')
        .map((cookie) => cookie.name)
        .sort();
    const allFour = [
      'access_token_cookie',
      'csrf_access_token',
      'csrf_refresh_token',
      'refresh_token_cookie',
    ];
    const jar = await session();
    const logoutWith = (cookies: TJar) =>
      portal().app.inject(withSession(cookies, { method: 'POST', url: '/api/logout' }));

    expect((await logoutWith(jar)).statusCode).toBe(200);
    const again = await logoutWith(jar);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: 'Logged out' });
    expect(clearedBy(again)).toEqual(allFour);

    const none = await portal().app.inject({ method: 'POST', url: '/api/logout' });
    expect(none.statusCode).toBe(200);
    expect(clearedBy(none)).toEqual(allFour);
    expect((await checkAuth(jar)).statusCode).toBe(401);
  });

  it('logs out with an expired access token still in the jar', async () => {
    const jar = await session();
    clock.advance(16 * MINUTE);
    expect((await checkAuth(jar)).statusCode).toBe(401);
    const out = await portal().app.inject(withSession(jar, { method: 'POST', url: '/api/logout' }));
    expect(out.statusCode).toBe(200);
    expect((await refresh(jar)).statusCode).toBe(401);
  });

  it('logs out with the refresh token once the access cookie has lapsed', async () => {
    const jar = await session();
    const lapsed = withoutCookies(jar, 'access_token_cookie', 'csrf_access_token');
    const out = await portal().app.inject(
      withSession(lapsed, {
        method: 'POST',
        url: '/api/logout',
        headers: { 'x-csrf-token': jar.csrf_refresh_token! },
      }),
    );
    expect(out.statusCode).toBe(200);
    expect((await refresh(jar)).statusCode).toBe(401);
  });

  it('ends a session after 30 idle minutes, and activity keeps it alive', async () => {
    const active = await session();
    const idle = await session();
    clock.advance(14 * MINUTE);
    expect((await checkAuth(active)).statusCode).toBe(200);
    clock.advance(17 * MINUTE);
    // 31 minutes since the idle session's last request; 17 since the active one's.
    expect((await refresh(idle)).statusCode).toBe(401);
    expect((await refresh(active)).statusCode).toBe(200);
  });

  it('ends a session after 12 hours, a remember-me session only after 30 days', async () => {
    let plain = await session();
    let remembered = await session({ rememberMe: true });
    const keepAlive = async (jar: TJar) => {
      const response = await refresh(jar);
      if (response.statusCode !== 200) {
        return { status: response.statusCode, jar };
      }
      return { status: 200, jar: updateJar(jar, response) };
    };
    // Active all day: a refresh every 25 minutes.
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 25) {
      clock.advance(25 * MINUTE);
      const a = await keepAlive(plain);
      const b = await keepAlive(remembered);
      plain = a.jar;
      remembered = b.jar;
      expect(b.status).toBe(200);
      if (elapsed + 25 >= 12 * 60) {
        expect(a.status).toBe(401);
      } else {
        expect(a.status).toBe(200);
      }
    }
  });
});
