import { describe, expect, it } from 'vitest';
import { readToken } from './auth-tokens';
import { cookieSecretsOf, jwtSecretsOf } from './secrets';
import { deriveSecretSet, fingerprintOf } from './secrets-crypto';
import { readSecretsRow } from './secrets-store';
import { testDialects } from '../test/databases';
import { checkAuth, refresh, signedIn, useHosts } from '../test/hosts';
import { updateJar } from '../test/sessions';

const OLD = 'o'.repeat(16) + 'the-secret-being-rotated-away';
const NEW = 'n'.repeat(16) + 'the-secret-that-signs-from-now';

const signedWith = (token: string | undefined, secret: string) =>
  readToken('access', token ?? '', {
    secret: deriveSecretSet(secret).jwt_secret,
    now: Date.now(),
  }) !== undefined;

describe.each(testDialects())('rotating the session secret [%s]', (dialect) => {
  const hosts = useHosts(dialect);

  it('signs with the new secret while the previous one still verifies its sessions', async () => {
    const before = await hosts.start({ SESSION_SECRET: OLD });
    const oldJar = await signedIn(before);
    expect(signedWith(oldJar.access_token_cookie, OLD)).toBe(true);

    const rotated = await hosts.start({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
    const row = await readSecretsRow(rotated.database.db);
    expect(row?.fingerprint).toBe(fingerprintOf(deriveSecretSet(NEW)));
    expect(row?.previous_fingerprint).toBe(fingerprintOf(deriveSecretSet(OLD)));
    expect(jwtSecretsOf(rotated.app.portal.secrets)).toEqual([
      deriveSecretSet(NEW).jwt_secret,
      deriveSecretSet(OLD).jwt_secret,
    ]);
    // @fastify/cookie signs with the first and unsigns with every one.
    expect(cookieSecretsOf(rotated.app.portal.secrets)).toEqual([
      deriveSecretSet(NEW).cookie_secret,
      deriveSecretSet(OLD).cookie_secret,
    ]);

    // The old session goes on; its refresh comes back signed with the new secret.
    expect(await checkAuth(rotated, oldJar)).toBe(200);
    const refreshed = await refresh(rotated, oldJar);
    expect(refreshed.statusCode).toBe(200);
    const renewed = updateJar(oldJar, refreshed);
    expect(signedWith(renewed.access_token_cookie, NEW)).toBe(true);
    expect(signedWith(renewed.access_token_cookie, OLD)).toBe(false);
    expect(await checkAuth(rotated, renewed)).toBe(200);

    const newJar = await signedIn(rotated);
    expect(signedWith(newJar.access_token_cookie, NEW)).toBe(true);
    expect(signedWith(newJar.access_token_cookie, OLD)).toBe(false);

    // Another host given the same pair agrees; one still on the old secret is refused.
    const second = await hosts.start({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
    expect(await checkAuth(second, newJar)).toBe(200);
    expect(await checkAuth(second, oldJar)).toBe(200);
    await expect(hosts.start({ SESSION_SECRET: OLD })).rejects.toThrow(
      'SESSION_SECRET on this host is the previous session secret: the database already uses a newer one',
    );

    // Once the previous secret is dropped, what it signed no longer verifies.
    const after = await hosts.start({ SESSION_SECRET: NEW });
    expect(await checkAuth(after, newJar)).toBe(200);
    expect(await checkAuth(after, oldJar)).toBe(401);
  });

  it('accepts a rotation two hosts start at the same moment', async () => {
    await hosts.start({ SESSION_SECRET: OLD });
    const env = { SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD };
    const [first, second] = await Promise.all([hosts.start(env), hosts.start(env)]);
    expect(first.app.portal.secrets.jwt_secret).toBe(second.app.portal.secrets.jwt_secret);
    expect(await checkAuth(second, await signedIn(first))).toBe(200);
    const row = await readSecretsRow(first.database.db);
    expect(row?.previous_fingerprint).toBe(fingerprintOf(deriveSecretSet(OLD)));
  });
});
