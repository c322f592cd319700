import { describe, expect, it } from 'vitest';
import { SESSION_MESSAGES, type TDeviceSessionsResponse } from '@portal/domain/sessions-api';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import {
  TEST_PASSWORD,
  createTestUser,
  updateJar,
  withSession,
  type TJar,
} from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;

describe.each(testDialects())('My Profile › signed-in devices [%s]', (dialect) => {
  const clock = testClock(Date.UTC(2026, 10, 28, 9));
  const portal = useTestPortal(dialect, {}, { clock: clock.now });
  const app = () => portal().app;
  const db = () => portal().database.db;
  const signInWith = async (email: string, userAgent: string, ip: string) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: TEST_PASSWORD, remember_me: false },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(200);
    return updateJar({}, response);
  };
  const call = (jar: TJar, method: 'GET' | 'POST' | 'DELETE', url: string) =>
    app().inject(withSession(jar, { method, url }));
  const list = async (jar: TJar) => {
    const response = await call(jar, 'GET', '/api/profile/sessions');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TDeviceSessionsResponse>().sessions;
  };

  it('lists the live sessions with device, address and times, and ends one of the others', async () => {
    await createTestUser(db(), { email: 'devices@example.com' });
    await createTestUser(db(), { email: 'someone-else@example.com' });
    const desk = await signInWith('devices@example.com', CHROME_WINDOWS, '10.1.2.3');
    clock.advance(MINUTE);
    const phone = await signInWith('devices@example.com', SAFARI_IPHONE, '203.0.113.9');
    const stranger = await signInWith('someone-else@example.com', CHROME_WINDOWS, '10.9.9.9');

    const sessions = await list(desk);
    expect(sessions).toMatchObject([
      { current: true, device: 'Chrome on Windows', kind: 'desktop', ip: '10.1.2.3' },
      { current: false, device: 'Safari on iOS', kind: 'mobile', ip: '203.0.113.9' },
    ]);
    // Names to end a session by, never a session id.
    const stored = await db().selectFrom('sessions').select('id').execute();
    for (const { id } of sessions) {
      expect(stored.map((row) => row.id)).not.toContain(id);
    }

    const [self, other] = sessions;
    const refused = await call(desk, 'DELETE', `/api/profile/sessions/${self!.id}`);
    expect(refused.json()).toMatchObject({ error: SESSION_MESSAGES.current });
    // Another user's session is not one of this user's, whatever its name.
    const [strangers] = await list(stranger);
    const foreign = await call(desk, 'DELETE', `/api/profile/sessions/${strangers!.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/profile')).statusCode).toBe(200);

    const ended = await call(desk, 'DELETE', `/api/profile/sessions/${other!.id}`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await call(phone, 'GET', '/api/profile')).statusCode).toBe(401);
    expect(await list(desk)).toHaveLength(1);
    const again = await call(desk, 'DELETE', `/api/profile/sessions/${other!.id}`);
    expect(again.json()).toMatchObject({ error: SESSION_MESSAGES.notFound });
    const audit = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'session_end')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toContain('Safari on iOS');
  });

  it('leaves idle sessions out, and ends every other session at once', async () => {
    await createTestUser(db(), { email: 'many-devices@example.com' });
    const here = await signInWith('many-devices@example.com', CHROME_WINDOWS, '10.0.0.1');
    const idle = await signInWith('many-devices@example.com', SAFARI_IPHONE, '10.0.0.2');
    const third = await signInWith('many-devices@example.com', SAFARI_IPHONE, '10.0.0.3');
    expect((await list(here)).length).toBe(3);
    // 31 minutes without a request (the access token's 15 minutes are not this test's
    // subject, so the session's last use moves back instead of the clock forward).
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: clock.now() - 31 * MINUTE })
      .where('ip', '=', '10.0.0.2')
      .execute();
    expect((await list(here)).map((session) => session.ip)).toEqual(['10.0.0.1', '10.0.0.3']);
    expect((await call(idle, 'GET', '/api/profile')).statusCode).toBe(401);

    const ended = await call(here, 'POST', '/api/profile/sessions/end-others');
    expect(ended.json()).toMatchObject({ message: SESSION_MESSAGES.endedOthers });
    expect((await call(third, 'GET', '/api/profile')).statusCode).toBe(401);
    expect(await list(here)).toMatchObject([{ current: true, ip: '10.0.0.1' }]);
  });
});
