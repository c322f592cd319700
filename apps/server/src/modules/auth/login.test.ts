import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { testDialects } from '../../test/databases';
import { createTestUser, signIn, withSession } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { listAuditEntries } from '../audit/repository';

type TCookie = {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
};

const cookiesOf = (response: { cookies: unknown }) =>
  Object.fromEntries((response.cookies as TCookie[]).map((cookie) => [cookie.name, cookie]));

describe.each(testDialects())('POST /api/login and GET /api/check-auth [%s]', (dialect) => {
  const portal = useTestPortal(dialect);

  it('signs in, sets the token and CSRF cookies and reports the user with permissions', async () => {
    const { app, database } = portal();
    const id = await createTestUser(database.db, { email: 'Admin.One@example.com', role: 'admin' });

    const { response, jar } = await signIn(app, {
      email: ' admin.one@EXAMPLE.com ',
      ip: '10.0.0.1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Login successful',
      user: {
        id,
        email: 'admin.one@example.com',
        username: 'Admin.One',
        role: 'admin',
        payor_key: null,
        patient_key: null,
        password_reset_required: false,
        mfa_enrolment_required: false,
        filter_preferences_shown: false,
        permissions: expect.arrayContaining(['delete_documents']) as string[],
      },
    });

    const cookies = cookiesOf(response);
    expect(cookies.access_token_cookie).toMatchObject({
      httpOnly: true,
      path: '/api',
      sameSite: 'Lax',
    });
    expect(cookies.access_token_cookie?.secure).toBeFalsy();
    expect(cookies.refresh_token_cookie).toMatchObject({ httpOnly: true, path: '/api' });
    expect(cookies.csrf_access_token).toMatchObject({ path: '/', sameSite: 'Lax' });
    // Without remember-me every cookie ends with the browser session.
    expect(Object.values(cookies).map((cookie) => cookie.maxAge)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(cookies.csrf_access_token?.httpOnly).toBeFalsy();
    expect(cookies.csrf_refresh_token?.httpOnly).toBeFalsy();

    const check = await app.inject(withSession(jar, { method: 'GET', url: '/api/check-auth' }));
    expect(check.statusCode).toBe(200);
    const body = check.json<{ authenticated: boolean; user: { id: number }; claims: unknown }>();
    expect(body.authenticated).toBe(true);
    expect(body.user.id).toBe(id);
    expect(body.claims).toEqual({
      permissions: expect.arrayContaining(['delete_documents']) as string[],
    });

    const trail = await listAuditEntries(database.db, { userId: id, action: 'login_success' });
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ ip: '10.0.0.1', patient_key: null });
  });

  it('keeps the refresh cookie for 30 days with remember me', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'remember@example.com' });
    const { response } = await signIn(app, { email: 'remember@example.com', rememberMe: true });
    const cookies = cookiesOf(response);
    expect(cookies.refresh_token_cookie?.maxAge).toBe(30 * 24 * 60 * 60);
    expect(cookies.csrf_refresh_token?.maxAge).toBe(30 * 24 * 60 * 60);
    // The access cookie lapses with its 15-minute token; the refresh cookie then takes over.
    expect(cookies.access_token_cookie?.maxAge).toBe(15 * 60);
    expect(cookies.csrf_access_token?.maxAge).toBe(15 * 60);
    const session = await database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.remember_me')
      .where('users.email', '=', 'remember@example.com')
      .executeTakeFirstOrThrow();
    expect(session.remember_me).toBe(1);
  });

  it('answers a wrong password and an unknown email with the same 401, and audits both', async () => {
    const { app, database } = portal();
    const id = await createTestUser(database.db, { email: 'wrong@example.com' });

    const wrong = await signIn(app, { email: 'wrong@example.com', password: 'Not-It-123!' });
    const unknown = await signIn(app, { email: 'nobody@example.com', password: 'Not-It-123!' });
    for (const { response } of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        error: AUTH_MESSAGES.invalidCredentials,
        code: 'unauthorized',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }

    const failures = await listAuditEntries(database.db, { action: 'login_failure' });
    expect(failures.map((entry) => [entry.user_id, entry.detail])).toEqual(
      expect.arrayContaining([
        [id, JSON.stringify({ email: 'wrong@example.com' })],
        [null, JSON.stringify({ email: 'nobody@example.com' })],
      ]),
    );
  });

  it('refuses a deactivated account like a wrong password', async () => {
    const { app, database } = portal();
    const id = await createTestUser(database.db, { email: 'inactive@example.com' });
    await database.db.updateTable('users').set({ is_active: 0 }).where('id', '=', id).execute();
    const { response } = await signIn(app, { email: 'inactive@example.com' });
    expect(response.statusCode).toBe(401);
  });

  it('answers check-auth without a session with a plain 401', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/check-auth' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('rejects a malformed body with 400', async () => {
    const response = await portal().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'x@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'bad_request' });
  });
});

describe('session cookies behind https', () => {
  const portal = useTestPortal('sqlite', { APP_ORIGIN: 'https://portal.example.org' });

  it('marks every cookie Secure', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'secure@example.com' });
    const { response } = await signIn(app, { email: 'secure@example.com' });
    expect(response.statusCode).toBe(200);
    const cookies = response.cookies as TCookie[];
    expect(cookies).toHaveLength(4);
    expect(cookies.every((cookie) => cookie.secure === true)).toBe(true);
  });
});
