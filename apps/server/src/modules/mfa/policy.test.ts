import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import type { TTotpStartResponse } from '@portal/domain/mfa-api';
import {
  MFA_POLICY_MESSAGES,
  type TMfaPolicyResponse,
  type TMfaUsersResponse,
} from '@portal/domain/mfa-policy-api';
import type { TRole } from '@portal/domain/roles';
import { testDialects } from '../../test/databases';
import { operationsOf, type TDocument } from '../../test/contract/document';
import { createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';

/** The routes a user who owes a factor may still call (besides those needing no sign-in). */
const OPEN_WHILE_OWED = new Set([
  'GET /api/check-auth',
  // Keyed by the refresh cookie, not the guard: it renews the same owed session.
  'POST /api/refresh-token',
  'POST /api/reset-password',
  'PUT /api/reset-password',
  'GET /api/profile/security',
  'POST /api/profile/totp',
  'POST /api/profile/totp/confirm',
  'POST /api/profile/passkeys/options',
  'POST /api/profile/passkeys',
]);

describe.each(testDialects())('two-step verification required per role [%s]', (dialect) => {
  const portal = useTestPortal(dialect, { API_DOCS: 'true' });
  const app = () => portal().app;
  const db = () => portal().database.db;
  type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (jar: TJar, method: TMethod, url: string, payload?: object) =>
    app().inject(withSession(jar, { method, url, ...(payload ? { payload } : {}) }));
  const isOwed = (response: { statusCode: number; body: string }) =>
    response.statusCode === 403 &&
    (JSON.parse(response.body) as { error?: string }).error === AUTH_MESSAGES.mfaEnrolmentRequired;

  const require = (jar: TJar, roles: TRole[]) =>
    call(jar, 'PUT', '/api/admin/mfa/policy', { required_roles: roles });
  const admin = async (email: string) => {
    await createTestUser(db(), { email, role: 'admin' });
    const { jar } = await signIn(app(), { email });
    // The portal is shared by the tests: each starts with every role optional.
    expect((await require(jar, [])).statusCode).toBe(200);
    return jar;
  };
  const enrol = async (jar: TJar) => {
    const { secret } = (await call(jar, 'POST', '/api/profile/totp')).json<TTotpStartResponse>();
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    const done = await call(jar, 'POST', '/api/profile/totp/confirm', { code });
    expect(done.statusCode, done.body).toBe(200);
    return secret;
  };

  it('sends a case manager without a factor to enrolment and keeps every other route shut until then', async () => {
    const adminJar = await admin('policy-admin@example.com');
    // Until the admin has a factor, requiring one for admins would lock them out.
    const selfLock = await require(adminJar, ['admin', 'case_manager']);
    expect(selfLock.statusCode).toBe(400);
    expect(selfLock.json()).toMatchObject({ error: MFA_POLICY_MESSAGES.enrolYourselfFirst });
    const saved = await require(adminJar, ['case_manager', 'customer_service']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved
        .json<TMfaPolicyResponse>()
        .roles.filter((role) => role.required)
        .map((role) => role.role),
    ).toEqual(['case_manager', 'customer_service']);

    await createTestUser(db(), { email: 'cm-owed@example.com', payorKey: '7001' });
    const login = await signIn(app(), { email: 'cm-owed@example.com' });
    expect(login.response.statusCode).toBe(200);
    expect(login.response.json()).toMatchObject({ user: { mfa_enrolment_required: true } });
    const jar = login.jar;
    const checked = await call(jar, 'GET', '/api/check-auth');
    expect(checked.json()).toMatchObject({ user: { mfa_enrolment_required: true } });

    // Every operation the API documents: a signed-in one answers 'Two-step verification
    // required' before it reads anything, unless it is enrolment, check-auth or logout.
    const document = (await app().inject({ url: '/api/docs/json' })).json<TDocument>();
    const operations = operationsOf(document).filter(({ key }) => !key.includes('totp'));
    let shut = 0;
    for (const { key, path, method } of operations) {
      const url = `/api${path.replace(/\{[^}]+\}/g, '1')}`.replace('/api/api/', '/api/');
      const upper = method.toUpperCase() as TMethod;
      const anonymous = await app().inject({ method: upper, url });
      if (anonymous.statusCode !== 401) {
        continue; // needs no sign-in (login, public support, unsubscribe, …)
      }
      const answer = await call(jar, upper, url);
      const name = `${upper} ${url.replace(/\/1(?=\/|$)/g, '/{id}')}`;
      expect(isOwed(answer), `${key}: ${answer.statusCode} ${answer.body}`).toBe(
        !OPEN_WHILE_OWED.has(name) && !OPEN_WHILE_OWED.has(`${upper} /api${path}`),
      );
      shut += isOwed(answer) ? 1 : 0;
    }
    expect(shut).toBeGreaterThan(40);

    await enrol(jar);
    const after = await call(jar, 'GET', '/api/check-auth');
    expect(after.json()).toMatchObject({ user: { mfa_enrolment_required: false } });
    expect((await call(jar, 'GET', '/api/patients/payor/7001/patients')).statusCode).toBe(200);

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', 'in', ['mfa_policy_save', 'login_success'])
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'login_success',
      'mfa_policy_save',
      'mfa_policy_save',
      'login_success',
    ]);
    expect(audit[3]?.detail).toContain('factor_enrolment_required');
  });

  it('stops a signed-in user at their next request when their role becomes required, and lets them go when it is optional again', async () => {
    const adminJar = await admin('policy-admin-2@example.com');
    await createTestUser(db(), { email: 'cs-live@example.com', role: 'customer_service' });
    const { jar } = await signIn(app(), { email: 'cs-live@example.com' });
    expect((await call(jar, 'GET', '/api/profile')).statusCode).toBe(200);
    await require(adminJar, ['customer_service']);
    expect(isOwed(await call(jar, 'GET', '/api/profile'))).toBe(true);
    await require(adminJar, []);
    expect((await call(jar, 'GET', '/api/profile')).statusCode).toBe(200);
  });

  it('asks for the forced password change first, then the factor', async () => {
    const adminJar = await admin('policy-admin-3@example.com');
    await require(adminJar, ['case_manager']);
    await createTestUser(db(), {
      email: 'cm-first@example.com',
      passwordResetRequired: true,
    });
    const { jar } = await signIn(app(), { email: 'cm-first@example.com' });
    const blocked = await call(jar, 'GET', '/api/profile');
    expect(blocked.json()).toMatchObject({ error: AUTH_MESSAGES.passwordResetRequired });
    const changed = await call(jar, 'POST', '/api/reset-password', {
      current_password: 'Quiet-Harbor-42!',
      new_password: 'Lantern-Meadow-97!',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(isOwed(await call(jar, 'GET', '/api/profile'))).toBe(true);
  });

  it('keeps the last factor of a required role, and lets an admin reset it: sessions end, the user is told', async () => {
    const adminJar = await admin('policy-admin-4@example.com');
    const userId = await createTestUser(db(), { email: 'cm-reset@example.com' });
    const { jar } = await signIn(app(), { email: 'cm-reset@example.com' });
    await enrol(jar);
    await require(adminJar, ['case_manager']);
    const [factor] = await db()
      .selectFrom('user_factors')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    const removal = await call(jar, 'DELETE', `/api/profile/factors/${String(factor?.id)}`, {
      password: 'Quiet-Harbor-42!',
    });
    expect(removal.statusCode).toBe(400);
    expect(removal.json()).toMatchObject({ error: MFA_POLICY_MESSAGES.lastFactorRequired });

    const listed = await call(
      adminJar,
      'GET',
      '/api/admin/mfa/users?enrolment=enrolled&search=cm-reset',
    );
    expect(listed.json<TMfaUsersResponse>()).toMatchObject({
      total: 1,
      users: [{ email: 'cm-reset@example.com', required: true, factors: [{ kind: 'totp' }] }],
    });
    // Only admins reset; the user themself may not through this route.
    expect(
      (await call(jar, 'DELETE', `/api/admin/mfa/users/${String(userId)}/factors`)).statusCode,
    ).toBe(403);
    const reset = await call(adminJar, 'DELETE', `/api/admin/mfa/users/${String(userId)}/factors`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call(jar, 'GET', '/api/profile')).statusCode).toBe(401);
    const again = await call(adminJar, 'DELETE', `/api/admin/mfa/users/${String(userId)}/factors`);
    expect(again.json()).toMatchObject({ error: MFA_POLICY_MESSAGES.noFactors });
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('to_address', '=', 'cm-reset@example.com')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your Supplier Portal sign-in methods were reset');
    const audit = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'factor_reset')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toContain(String(userId));
    // With the password alone they sign in again, owing a factor.
    const back = await signIn(app(), { email: 'cm-reset@example.com' });
    expect(back.response.json()).toMatchObject({ user: { mfa_enrolment_required: true } });
    const notEnrolled = await call(
      adminJar,
      'GET',
      '/api/admin/mfa/users?enrolment=not_enrolled&role=case_manager',
    );
    expect(notEnrolled.json<TMfaUsersResponse>().users.map((user) => user.email)).toContain(
      'cm-reset@example.com',
    );
  });
});
