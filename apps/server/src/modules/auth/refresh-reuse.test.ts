import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { createTestUser, signIn, updateJar, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { SESSION_POLICY } from '../../lib/session-policy';

const MINUTE = 60_000;
const GRACE = SESSION_POLICY.refreshReuseGraceMs;

/** What the grace for a replaced refresh token gives and what it does not (decisions.md, "Sessions"). */
describe.each(testDialects())('refresh-token reuse grace [%s]', (dialect) => {
  const clock = testClock();
  const portal = useTestPortal(dialect, {}, { clock: clock.now });
  let count = 0;

  const session = async () => {
    const { app, database } = portal();
    count += 1;
    const email = `reuse-${count}@example.com`;
    await createTestUser(database.db, { email });
    const { jar } = await signIn(app, { email });
    return jar;
  };
  const refresh = (jar: TJar) =>
    portal().app.inject(withSession(jar, { method: 'POST', url: '/api/refresh-token' }));
  const checkAuth = (jar: TJar) =>
    portal().app.inject(withSession(jar, { method: 'GET', url: '/api/check-auth' }));

  it('gives a replayed token nothing inside the window, and revokes the session after it', async () => {
    const stolen = await session();
    clock.advance(16 * MINUTE);
    const owner = updateJar(stolen, await refresh(stolen));
    expect(owner.refresh_token_cookie).not.toBe(stolen.refresh_token_cookie);

    clock.advance(GRACE);
    const inside = await refresh(stolen);
    expect(inside.statusCode).toBe(200);
    expect(inside.headers['set-cookie']).toBeUndefined();
    // No cookies means nothing to call with: the stolen access token lapsed before the refresh.
    expect((await checkAuth(stolen)).statusCode).toBe(401);
    expect((await checkAuth(owner)).statusCode).toBe(200);

    clock.advance(1);
    expect((await refresh(stolen)).statusCode).toBe(401);
    expect((await checkAuth(owner)).statusCode).toBe(401);
  });

  it('revokes a thief who rotated first once the owner’s token comes back after the window', async () => {
    const owner = await session();
    clock.advance(16 * MINUTE);
    const thief = updateJar(owner, await refresh(owner));
    expect((await checkAuth(thief)).statusCode).toBe(200);

    clock.advance(GRACE + 1);
    expect((await refresh(owner)).statusCode).toBe(401);
    expect((await checkAuth(thief)).statusCode).toBe(401);
    expect((await refresh(thief)).statusCode).toBe(401);
  });

  it('answers only the token replaced last, not older ones, inside the window', async () => {
    const first = await session();
    clock.advance(16 * MINUTE);
    const second = updateJar(first, await refresh(first));
    const third = updateJar(second, await refresh(second));
    expect(third.refresh_token_cookie).not.toBe(second.refresh_token_cookie);
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await checkAuth(third)).statusCode).toBe(401);
  });
});
