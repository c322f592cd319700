import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type {
  TMfaChallengeResponse,
  TPasskeyCredential,
  TPasskeyOptionsResponse,
  TPasskeyRegisterResponse,
  TSecurityResponse,
  TTotpStartResponse,
} from '@portal/domain/mfa-api';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { createTestUser, signIn, updateJar, withSession, type TJar } from '../../test/sessions';
import { softwareAuthenticator } from '../../test/software-authenticator';
import { useTestPortal } from '../../test/test-portal';
import { pruneAuthTables } from '../auth/housekeeping';
import { relyingPartyOf } from './passkeys';

const START = Date.UTC(2026, 10, 28, 9);

describe('relyingPartyOf', () => {
  it('is the host of a named origin, localhost for a loopback address, none for other IPs', () => {
    expect(relyingPartyOf('https://portal.example.com')).toMatchObject({
      id: 'portal.example.com',
      origin: 'https://portal.example.com',
    });
    expect(relyingPartyOf('http://127.0.0.1:4173')).toMatchObject({
      id: 'localhost',
      origin: 'http://localhost:4173',
    });
    expect(relyingPartyOf('http://[::1]:80')).toMatchObject({ origin: 'http://localhost' });
    expect(relyingPartyOf('https://10.0.0.5')).toBeNull();
  });
});

describe.each(testDialects())('passkeys [%s]', (dialect) => {
  const clock = testClock(START);
  const portal = useTestPortal(dialect, {}, { clock: clock.now });
  const app = () => portal().app;
  const db = () => portal().database.db;
  const origin = () => relyingPartyOf(app().portal.config.appOrigin)!.origin;
  const call = (
    jar: TJar,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => app().inject(withSession(jar, { method, url, ...(payload ? { payload } : {}) }));
  const post = (url: string, payload: object) => app().inject({ method: 'POST', url, payload });
  const password = async (email: string, rememberMe = false) => {
    const answer = await post('/api/login', {
      email,
      password: 'Quiet-Harbor-42!',
      remember_me: rememberMe,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TMfaChallengeResponse>();
  };
  const signInOptions = async (payload: object) => {
    const answer = await post('/api/login/passkey/options', payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TPasskeyOptionsResponse>();
  };
  const finish = (ceremony: string, credential: TPasskeyCredential) =>
    post('/api/login/passkey', { ceremony, credential });
  const audit = async (userId: number | null) =>
    (
      await db()
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('user_id', userId === null ? 'is' : '=', userId)
        .orderBy('id')
        .execute()
    ).map((row) => `${row.action} ${row.detail ?? ''}`);

  /** A signed-in user who adds a passkey through the API with a software authenticator. */
  const enrolled = async (
    email: string,
    options: { passwordless?: boolean; name?: string } = {},
  ) => {
    const id = await createTestUser(db(), { email });
    const { jar } = await signIn(app(), { email });
    const authenticator = softwareAuthenticator(origin());
    const start = await call(jar, 'POST', '/api/profile/passkeys/options', {
      passwordless: options.passwordless ?? true,
    });
    expect(start.statusCode, start.body).toBe(200);
    const { ceremony, options: creation } = start.json<TPasskeyOptionsResponse>();
    expect(creation).toMatchObject({
      rp: { id: 'localhost' },
      attestation: 'none',
      authenticatorSelection: { userVerification: 'preferred' },
    });
    const added = await call(jar, 'POST', '/api/profile/passkeys', {
      ceremony,
      name: options.name ?? 'Laptop',
      credential: authenticator.create(creation),
    });
    expect(added.statusCode, added.body).toBe(200);
    return { id, jar, authenticator, added: added.json<TPasskeyRegisterResponse>() };
  };

  it('adds a passkey, asks for it after the password and makes the session only then', async () => {
    const email = 'passkey-user@example.com';
    const { id, jar, authenticator, added } = await enrolled(email);
    expect(added.recovery_codes).toHaveLength(10);
    expect(added.factor).toMatchObject({ kind: 'passkey', name: 'Laptop', signs_in_alone: true });
    const security = (await call(jar, 'GET', '/api/profile/security')).json<TSecurityResponse>();
    expect(security.factors).toMatchObject([
      { kind: 'passkey', name: 'Laptop', last_used_at: null },
    ]);

    clock.advance(60_000);
    const challenge = await password(email, true);
    expect(challenge).toMatchObject({
      mfa_required: true,
      message: 'Use your passkey to finish signing in',
      methods: ['passkey', 'recovery_code'],
    });
    const { ceremony, options } = await signInOptions({ challenge: challenge.challenge });
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(options.allowCredentials).toHaveLength(1);
    const assertion = authenticator.get(options);
    const done = await finish(ceremony, assertion);
    expect(done.statusCode, done.body).toBe(200);
    const session = updateJar({}, done);
    expect((await call(session, 'GET', '/api/check-auth')).json()).toMatchObject({
      authenticated: true,
      user: { email },
    });
    const row = await db()
      .selectFrom('sessions')
      .select('remember_me')
      .where('user_id', '=', id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.remember_me).toBe(1);
    const stored = await db()
      .selectFrom('passkey_credentials')
      .select(['sign_count', 'transports'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.sign_count).toBe(1);
    expect(stored.transports).toBe('internal');

    // The same answer again: its ceremony is spent, and so is the password's challenge.
    expect((await finish(ceremony, assertion)).statusCode).toBe(401);
    const again = await post('/api/login/passkey/options', { challenge: challenge.challenge });
    expect(again.statusCode).toBe(401);
    const after = (await call(session, 'GET', '/api/profile/security')).json<TSecurityResponse>();
    expect(after.factors[0]!.last_used_at).toBe(new Date(START + 60_000).toISOString());
    expect(await audit(id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^factor_enrol .*"kind":"passkey"/),
        expect.stringMatching(/^login_second_factor_required/),
        expect.stringMatching(/^second_factor_success .*"method":"passkey"/),
        expect.stringMatching(/^login_success .*"remember_me":true/),
      ]),
    );
  });

  it('refuses another origin, another challenge, a spent or lapsed ceremony and a counter gone back', async () => {
    const email = 'passkey-refusals@example.com';
    const id = await createTestUser(db(), { email });
    const { jar } = await signIn(app(), { email });
    const authenticator = softwareAuthenticator(origin());
    const start = async () =>
      (
        await call(jar, 'POST', '/api/profile/passkeys/options', {})
      ).json<TPasskeyOptionsResponse>();
    const add = (ceremony: string, credential: TPasskeyCredential) =>
      call(jar, 'POST', '/api/profile/passkeys', { ceremony, credential });

    const phishing = await start();
    const elsewhere = await add(
      phishing.ceremony,
      authenticator.create(phishing.options, { origin: 'https://portal.example.net' }),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ error: 'The passkey could not be added. Try again.' });
    // The ceremony was spent by the refusal: a right answer to it now is too late.
    const spent = await add(phishing.ceremony, authenticator.create(phishing.options));
    expect(spent.json()).toMatchObject({ error: 'Adding the passkey took too long. Start again.' });
    const slow = await start();
    clock.advance(6 * 60_000);
    expect((await add(slow.ceremony, authenticator.create(slow.options))).statusCode).toBe(400);
    const good = await start();
    expect((await add(good.ceremony, authenticator.create(good.options))).statusCode).toBe(200);
    expect(
      (
        await db()
          .selectFrom('passkey_credentials')
          .select('factor_id')
          .where('user_id', '=', id)
          .execute()
      ).length,
    ).toBe(1);

    const signInWith = async (overrides: Parameters<typeof authenticator.get>[1]) => {
      const challenge = await password(email);
      const { ceremony, options } = await signInOptions({ challenge: challenge.challenge });
      return finish(ceremony, authenticator.get(options, overrides));
    };
    const otherChallenge = await signInWith({ challenge: 'c29tZS1vdGhlci1jaGFsbGVuZ2U' });
    expect(otherChallenge.statusCode).toBe(401);
    expect(otherChallenge.json()).toMatchObject({
      error: 'That passkey did not work. Try again, or use another way to sign in.',
    });
    expect((await signInWith({ origin: 'http://127.0.0.1:1' })).statusCode).toBe(401);
    clock.advance(15 * 60_000);
    expect((await signInWith({ count: 7 })).statusCode).toBe(200);
    // A counter that did not grow: a cloned authenticator, refused and named in the trail.
    expect((await signInWith({ count: 7 })).statusCode).toBe(401);
    expect((await signInWith({ count: 8 })).statusCode).toBe(200);

    const late = await password(email);
    const lapsing = await signInOptions({ challenge: late.challenge });
    clock.advance(6 * 60_000);
    const lapsed = await finish(lapsing.ceremony, authenticator.get(lapsing.options));
    expect(lapsed.json()).toMatchObject({
      error: 'The passkey prompt was closed or timed out. Try again when ready.',
    });
    const trail = await audit(id);
    expect(trail).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^factor_enrol .*"kind":"passkey"/),
        expect.stringMatching(/^second_factor_failure .*"reason":"counter"/),
        expect.stringMatching(/^second_factor_failure .*"reason":"invalid"/),
      ]),
    );
    expect(trail.filter((line) => line.startsWith('second_factor_success'))).toHaveLength(2);
  });

  it('slows wrong passkey answers down per account as wrong codes are', async () => {
    const email = 'passkey-guessing@example.com';
    const { authenticator } = await enrolled(email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const challenge = await password(email);
      const { ceremony, options } = await signInOptions({ challenge: challenge.challenge });
      statuses.push(
        (await finish(ceremony, authenticator.get(options, { origin: 'x' }))).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('signs in with a discoverable passkey alone, verified, where its owner allowed it', async () => {
    const email = 'passkey-alone@example.com';
    const { id, authenticator } = await enrolled(email, { passwordless: true });
    clock.advance(60_000);
    const { ceremony, options } = await signInOptions({ remember_me: true });
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const done = await finish(ceremony, authenticator.get(options));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ success: true, user: { email } });
    const row = await db()
      .selectFrom('sessions')
      .select('remember_me')
      .where('user_id', '=', id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.remember_me).toBe(1);

    // A touch without verifying the person is not enough on its own.
    const touch = await signInOptions({});
    const unverified = await finish(
      touch.ceremony,
      authenticator.get(touch.options, { userVerified: false }),
    );
    expect(unverified.statusCode).toBe(401);
    expect(await audit(id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^passkey_sign_in_success/),
        expect.stringMatching(/^passkey_sign_in_failure/),
      ]),
    );

    // A passkey enrolled as a second factor only does not sign in alone.
    const second = await enrolled('passkey-second-only@example.com', { passwordless: false });
    const listed = await call(second.jar, 'GET', '/api/profile/security');
    expect(listed.json<TSecurityResponse>().factors).toMatchObject([{ signs_in_alone: false }]);
    const refused = await signInOptions({});
    expect(
      (await finish(refused.ceremony, second.authenticator.get(refused.options))).statusCode,
    ).toBe(401);
    expect(await audit(second.id)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^passkey_sign_in_failure .*not_allowed/)]),
    );
    // Nor does an unknown one.
    const stranger = softwareAuthenticator(origin());
    const strangerStart = await signInOptions({});
    await enrolled('passkey-other@example.com');
    stranger.create({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    expect(
      (await finish(strangerStart.ceremony, stranger.get(strangerStart.options))).statusCode,
    ).toBe(401);
    expect(await audit(null)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^passkey_sign_in_failure .*unknown_passkey/)]),
    );
  });

  it('offers the app and the passkey to a user with both, the app’s code first', async () => {
    const email = 'passkey-and-app@example.com';
    const { jar, added } = await enrolled(email);
    const start = (await call(jar, 'POST', '/api/profile/totp')).json<TTotpStartResponse>();
    const code = await generate({ secret: start.secret, epoch: Math.floor(clock.now() / 1000) });
    const confirmed = await call(jar, 'POST', '/api/profile/totp/confirm', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The passkey came with the first recovery codes; the app made new ones.
    expect(added.recovery_codes).toHaveLength(10);
    expect(await password(email)).toMatchObject({
      message: 'Enter the 6-digit code from your authenticator app',
      methods: ['totp', 'passkey', 'recovery_code'],
    });
    const security = (await call(jar, 'GET', '/api/profile/security')).json<TSecurityResponse>();
    expect(security.factors.map((factor) => factor.kind)).toEqual(['passkey', 'totp']);
  });

  it('answers an address at most 60 passkey prompts in 15 minutes', async () => {
    const prompt = () =>
      app().inject({
        method: 'POST',
        url: '/api/login/passkey/options',
        payload: {},
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 60; i += 1) {
      expect((await prompt()).statusCode).toBe(200);
    }
    expect((await prompt()).statusCode).toBe(429);
    clock.advance(16 * 60_000);
    expect((await prompt()).statusCode).toBe(200);
  });

  it('renames a passkey, removes it only with the password, then the password alone signs in', async () => {
    const email = 'passkey-remove@example.com';
    const { id, jar } = await enrolled(email, { name: 'Passkey' });
    const factorId = (await call(jar, 'GET', '/api/profile/security')).json<TSecurityResponse>()
      .factors[0]!.id;
    const renamed = await call(jar, 'PATCH', `/api/profile/factors/${factorId}`, {
      name: ' Desk key ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(
      (await call(jar, 'PATCH', `/api/profile/factors/${factorId}`, { name: '' })).statusCode,
    ).toBe(400);
    expect(
      (await call(jar, 'PATCH', '/api/profile/factors/999999', { name: 'x' })).statusCode,
    ).toBe(404);
    const listed = (await call(jar, 'GET', '/api/profile/security')).json<TSecurityResponse>();
    expect(listed.factors).toMatchObject([{ id: factorId, name: 'Desk key' }]);

    const refused = await call(jar, 'DELETE', `/api/profile/factors/${factorId}`, {
      password: 'nope',
    });
    expect(refused.statusCode).toBe(400);
    const removed = await call(jar, 'DELETE', `/api/profile/factors/${factorId}`, {
      password: 'Quiet-Harbor-42!',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      await db()
        .selectFrom('passkey_credentials')
        .select('factor_id')
        .where('user_id', '=', id)
        .execute(),
    ).toEqual([]);
    expect((await call(jar, 'GET', '/api/profile/security')).json()).toMatchObject({
      factors: [],
      recovery_codes_left: 0,
    });
    const plain = await post('/api/login', { email, password: 'Quiet-Harbor-42!' });
    expect(plain.json()).toMatchObject({ success: true, user: { email } });
    expect(await audit(id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^factor_rename/),
        expect.stringMatching(/^factor_remove/),
      ]),
    );

    // Prompts never answered are dropped a day after they lapsed.
    await signInOptions({});
    clock.advance(2 * 24 * 60 * 60_000);
    await pruneAuthTables(app());
    expect(await db().selectFrom('webauthn_challenges').select('id').execute()).toEqual([]);
  });
});
