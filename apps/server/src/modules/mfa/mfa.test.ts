import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type {
  TMfaChallengeResponse,
  TRecoveryCodesResponse,
  TSecurityResponse,
  TTotpStartResponse,
} from '@portal/domain/mfa-api';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { createTestUser, signIn, updateJar, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { pruneAuthTables } from '../auth/housekeeping';

const STEP = 30_000;
/** The start of a step: a code one step either side is a whole step away. */
const START = Math.floor(Date.UTC(2026, 10, 28, 9) / STEP) * STEP + 1_000;

describe.each(testDialects())('sign-in with an authenticator app [%s]', (dialect) => {
  const clock = testClock(START);
  const portal = useTestPortal(dialect, {}, { clock: clock.now });
  const app = () => portal().app;
  const db = () => portal().database.db;
  const codeAt = (secret: string, at = clock.now()) =>
    generate({ secret, epoch: Math.floor(at / 1000) });
  const call = (jar: TJar, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app().inject(withSession(jar, { method, url, ...(payload ? { payload } : {}) }));
  const password = (email: string, rememberMe = false) =>
    app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Quiet-Harbor-42!', remember_me: rememberMe },
    });
  const second = (challenge: string, code: string, method = 'totp') =>
    app().inject({
      method: 'POST',
      url: '/api/login/second-factor',
      payload: { challenge, method, code },
    });
  const actions = async (userId: number) =>
    (
      await db()
        .selectFrom('audit_log')
        .select('action')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  /** A user who enrolled an app: its secret and recovery codes. */
  const enrolled = async (email: string) => {
    const id = await createTestUser(db(), { email });
    const { jar } = await signIn(app(), { email });
    const start = await call(jar, 'POST', '/api/profile/totp');
    expect(start.statusCode, start.body).toBe(200);
    const { secret, otpauth_uri: uri } = start.json<TTotpStartResponse>();
    expect(uri).toContain(`secret=${secret}`);
    const wrong = await call(jar, 'POST', '/api/profile/totp/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const done = await call(jar, 'POST', '/api/profile/totp/confirm', {
      code: await codeAt(secret),
      name: 'My phone',
    });
    expect(done.statusCode, done.body).toBe(200);
    const { recovery_codes: codes } = done.json<TRecoveryCodesResponse>();
    expect(codes).toHaveLength(10);
    return { id, jar, secret, codes };
  };

  it('enrols an app, then asks for its code after the password and makes the session only then', async () => {
    const email = 'totp-user@example.com';
    const { id, jar, secret } = await enrolled(email);
    const security = (await call(jar, 'GET', '/api/profile/security')).json<TSecurityResponse>();
    expect(security.factors).toMatchObject([{ kind: 'totp', name: 'My phone' }]);
    expect(security.recovery_codes_left).toBe(10);
    // The secret is sealed or marked plain at rest, never a bare key.
    const stored = await db()
      .selectFrom('user_factors')
      .select('secret')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toBe(secret);

    clock.advance(2 * STEP);
    const first = await password(email, true);
    expect(first.statusCode, first.body).toBe(200);
    const challenge = first.json<TMfaChallengeResponse>();
    expect(challenge).toMatchObject({
      mfa_required: true,
      message: 'Enter the 6-digit code from your authenticator app',
      methods: ['totp', 'recovery_code'],
    });
    expect(first.cookies).toEqual([]);
    const wrong = await second(challenge.challenge, '123456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      error: 'That code did not work. Check your authenticator app and try again.',
    });
    // A code one step ahead (the phone's clock a little fast) is accepted.
    const right = await second(challenge.challenge, await codeAt(secret, clock.now() + STEP));
    expect(right.statusCode, right.body).toBe(200);
    const session = updateJar({}, right);
    const check = await call(session, 'GET', '/api/check-auth');
    expect(check.json()).toMatchObject({ authenticated: true, user: { email } });
    const row = await db()
      .selectFrom('sessions')
      .select('remember_me')
      .where('user_id', '=', id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.remember_me).toBe(1);
    // The challenge is spent, and so is the code's step.
    expect((await second(challenge.challenge, await codeAt(secret))).statusCode).toBe(401);
    const again = (await password(email)).json<TMfaChallengeResponse>();
    const replay = await second(again.challenge, await codeAt(secret, clock.now() + STEP));
    expect(replay.statusCode).toBe(401);
    expect(await actions(id)).toEqual(
      expect.arrayContaining([
        'factor_enrol',
        'login_second_factor_required',
        'second_factor_failure',
        'second_factor_success',
        'login_success',
      ]),
    );
  });

  it('takes each recovery code once, and ends a challenge after five tries or five minutes', async () => {
    const email = 'recovery-user@example.com';
    const { codes, secret } = await enrolled(email);
    const challenge = async () => (await password(email)).json<TMfaChallengeResponse>().challenge;
    const typed = codes[0]!.toUpperCase().replace('-', ' ');
    const used = await second(await challenge(), typed, 'recovery_code');
    expect(used.statusCode, used.body).toBe(200);
    const twice = await second(await challenge(), codes[0]!, 'recovery_code');
    expect(twice.json()).toMatchObject({
      error: 'That recovery code did not work, or it was used already.',
    });

    clock.advance(10 * 60_000);
    const late = await challenge();
    clock.advance(6 * 60_000);
    const expired = await second(late, await codeAt(secret));
    expect(expired.json()).toMatchObject({
      error: 'Your sign-in timed out. Enter your email and password again.',
    });
    // Five wrong codes from other addresses' limits aside: the sixth finds the challenge spent.
    const tries = await challenge();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      clock.advance(60_000);
      statuses.push((await second(tries, '000000')).statusCode);
    }
    expect(statuses.filter((status) => status === 401).length).toBe(6);
    clock.advance(STEP);
    const spent = await second(tries, await codeAt(secret));
    expect(spent.json()).toMatchObject({
      error: 'Your sign-in timed out. Enter your email and password again.',
    });
  });

  it('slows wrong codes down per account as wrong passwords are, across challenges', async () => {
    const email = 'guessing-user@example.com';
    const { secret } = await enrolled(email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { challenge } = (await password(email)).json<TMfaChallengeResponse>();
      statuses.push((await second(challenge, '000000')).statusCode);
    }
    // Three free tries, then each next one waits (LOGIN_LIMITS); the clock has not moved.
    expect(statuses).toEqual([401, 401, 401, 429]);
    clock.advance(15 * 60_000);
    const { challenge } = (await password(email)).json<TMfaChallengeResponse>();
    expect((await second(challenge, await codeAt(secret))).statusCode).toBe(200);
  });

  it('removes an app only with the password, and then signs in with the password alone', async () => {
    const email = 'remove-user@example.com';
    const { jar } = await enrolled(email);
    const factors = (await call(jar, 'GET', '/api/profile/security')).json<TSecurityResponse>();
    const id = factors.factors[0]!.id;
    const refused = await call(jar, 'DELETE', `/api/profile/factors/${id}`, { password: 'nope' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'Current password is incorrect' });
    const none = await call(jar, 'DELETE', `/api/profile/factors/${id}`, {});
    expect(none.statusCode).toBe(400);
    const removed = await call(jar, 'DELETE', `/api/profile/factors/${id}`, {
      password: 'Quiet-Harbor-42!',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = (await call(jar, 'GET', '/api/profile/security')).json<TSecurityResponse>();
    expect(after).toMatchObject({ factors: [], recovery_codes_left: 0 });
    const plain = await password(email);
    expect(plain.json()).toMatchObject({ success: true, user: { email } });

    // The hourly clean-up drops sign-ins that never gave their factor, a day after they lapsed.
    expect(
      (await db().selectFrom('login_challenges').select('id').execute()).length,
    ).toBeGreaterThan(0);
    clock.advance(2 * 24 * 60 * 60_000);
    await pruneAuthTables(app());
    expect(await db().selectFrom('login_challenges').select('id').execute()).toEqual([]);
  });
});
