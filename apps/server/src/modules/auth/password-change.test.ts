import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { PASSWORD_POLICY_MESSAGES } from '@portal/domain/passwords';
import { testDialects } from '../../test/databases';
import { TEST_PASSWORD, createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { listAuditEntries } from '../audit/repository';

const NEW_PASSWORD = 'Maple-Lantern-77?';

describe.each(testDialects())('POST and PUT /api/reset-password [%s]', (dialect) => {
  const portal = useTestPortal(dialect);

  const change = (jar: TJar, payload: object, method: 'POST' | 'PUT' = 'POST') =>
    portal().app.inject(withSession(jar, { method, url: '/api/reset-password', payload }));
  const checkAuth = (jar: TJar) =>
    portal().app.inject(withSession(jar, { method: 'GET', url: '/api/check-auth' }));

  it('changes the password, keeps this session and revokes the user’s others', async () => {
    const { app, database } = portal();
    const id = await createTestUser(database.db, { email: 'change@example.com' });
    const here = (await signIn(app, { email: 'change@example.com' })).jar;
    const elsewhere = (await signIn(app, { email: 'change@example.com', ip: '10.9.9.9' })).jar;

    const response = await change(here, {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Password updated successfully' });

    expect((await checkAuth(here)).statusCode).toBe(200);
    expect((await checkAuth(elsewhere)).statusCode).toBe(401);
    const refreshElsewhere = await app.inject(
      withSession(elsewhere, { method: 'POST', url: '/api/refresh-token' }),
    );
    expect(refreshElsewhere.statusCode).toBe(401);

    const user = await database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect((await signIn(app, { email: 'change@example.com' })).response.statusCode).toBe(401);
    const again = await signIn(app, { email: 'change@example.com', password: NEW_PASSWORD });
    expect(again.response.statusCode).toBe(200);
    expect(
      await listAuditEntries(database.db, { userId: id, action: 'password_change' }),
    ).toHaveLength(1);
  });

  it('accepts the PUT form of the same call', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'put@example.com' });
    const { jar } = await signIn(app, { email: 'put@example.com' });
    const response = await change(
      jar,
      { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
      'PUT',
    );
    expect(response.statusCode).toBe(200);
  });

  it('explains what is wrong with the request', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'jane.smith@example.com' });
    const { jar } = await signIn(app, { email: 'jane.smith@example.com' });
    const cases: [object, string][] = [
      [{ new_password: NEW_PASSWORD }, 'Current password is required'],
      [
        { current_password: 'Wrong-Guess-11!', new_password: NEW_PASSWORD },
        'Current password is incorrect',
      ],
      [
        { current_password: TEST_PASSWORD, new_password: 'abc' },
        'Password must be at least 8 characters long',
      ],
      [
        { current_password: TEST_PASSWORD, new_password: 'Password1!' },
        PASSWORD_POLICY_MESSAGES.tooCommon,
      ],
      [
        { current_password: TEST_PASSWORD, new_password: 'Jane.Smith-2025!' },
        PASSWORD_POLICY_MESSAGES.containsEmail,
      ],
      [
        { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD },
        'New password must be different from your current password',
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await change(jar, payload);
      expect([response.statusCode, response.json<{ error: string }>().error]).toEqual([400, error]);
    }
    // A 64-character passphrase is welcome.
    const passphrase = 'Seven orange kayaks drift past the quiet north harbor at dawn, 42!';
    expect(passphrase.length).toBeGreaterThanOrEqual(64);
    const response = await change(jar, {
      current_password: TEST_PASSWORD,
      new_password: passphrase,
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets a user with a temporary password set one without the current password', async () => {
    const { app, database } = portal();
    const id = await createTestUser(database.db, {
      email: 'temporary@example.com',
      passwordResetRequired: true,
    });
    const { response, jar } = await signIn(app, { email: 'temporary@example.com' });
    expect(response.json<{ user: { password_reset_required: boolean } }>().user).toMatchObject({
      password_reset_required: true,
    });

    const blocked = await app.inject(
      withSession(jar, { method: 'POST', url: '/api/filter-preferences-shown' }),
    );
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      success: false,
      error: AUTH_MESSAGES.passwordResetRequired,
      code: 'forbidden',
    });
    expect((await checkAuth(jar)).json()).toMatchObject({
      user: { password_reset_required: true },
    });

    expect((await change(jar, { new_password: NEW_PASSWORD })).statusCode).toBe(200);
    const after = await checkAuth(jar);
    expect(after.json()).toMatchObject({ user: { id, password_reset_required: false } });
    const allowed = await app.inject(
      withSession(jar, { method: 'POST', url: '/api/filter-preferences-shown' }),
    );
    expect(allowed.statusCode).toBe(200);
    expect((await checkAuth(jar)).json()).toMatchObject({
      user: { filter_preferences_shown: true },
    });

    const out = await app.inject(withSession(jar, { method: 'POST', url: '/api/logout' }));
    expect(out.statusCode).toBe(200);
  });

  it('still lets a user who must change their password sign out', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, {
      email: 'forced-out@example.com',
      passwordResetRequired: true,
    });
    const { jar } = await signIn(app, { email: 'forced-out@example.com' });
    const out = await app.inject(withSession(jar, { method: 'POST', url: '/api/logout' }));
    expect(out.statusCode).toBe(200);
    expect((await checkAuth(jar)).statusCode).toBe(401);
  });
});
