import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readToken } from './auth-tokens';
import { deriveSecretSet } from './secrets-crypto';
import { readSecretsRow } from './secrets-store';
import { testDialects } from '../test/databases';
import { checkAuth, signedIn, useHosts } from '../test/hosts';

const SECRET_A = 'a'.repeat(16) + 'first-session-secret-of-this-test';
const SECRET_B = 'b'.repeat(16) + 'other-session-secret-of-this-test';

describe.each(testDialects())('secrets shared by several hosts [%s]', (dialect) => {
  const hosts = useHosts(dialect);

  it('lets a session signed in on one host through on another with its own data dir', async () => {
    const first = await hosts.start();
    const second = await hosts.start();
    expect(first.app.portal.config.dataDir).not.toBe(second.app.portal.config.dataDir);
    const jar = await signedIn(first);
    expect(await checkAuth(second, jar)).toBe(200);
    const back = await signedIn(second);
    expect(await checkAuth(first, back)).toBe(200);
    // Generated once, stored in the database: nothing in either data dir.
    const row = await readSecretsRow(first.database.db);
    expect(row?.mode).toBe('generated');
  });

  it('agrees on one set of secrets when two hosts start at the same moment', async () => {
    const [first, second] = await Promise.all([hosts.start(), hosts.start()]);
    expect(first.app.portal.secrets.jwt_secret).toBe(second.app.portal.secrets.jwt_secret);
    expect(first.app.portal.secrets.cookie_secret).toBe(second.app.portal.secrets.cookie_secret);
    const rows = await first.database.db.selectFrom('portal_secrets').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(await checkAuth(first, await signedIn(second))).toBe(200);
  });

  it('shares a configured SESSION_SECRET and refuses a host whose secret disagrees', async () => {
    const first = await hosts.start({ SESSION_SECRET: SECRET_A });
    expect(first.app.portal.secrets.jwt_secret).toBe(deriveSecretSet(SECRET_A).jwt_secret);
    const second = await hosts.start({ SESSION_SECRET: SECRET_A });
    expect(await checkAuth(second, await signedIn(first))).toBe(200);

    await expect(hosts.start({ SESSION_SECRET: SECRET_B })).rejects.toThrow(
      /^SESSION_SECRET disagrees with the session secret this database already uses \(fingerprint [0-9a-f]{12}; this host's is [0-9a-f]{12}\)\. Set the same SESSION_SECRET on every host\. To rotate, give every host the new SESSION_SECRET with the current secret as SESSION_SECRET_PREVIOUS\.$/,
    );
    // A host with no secret at all would sign with one of its own: refused as well.
    await expect(hosts.start()).rejects.toThrow(
      'Set the same SESSION_SECRET (or SECRETS_FILE) on this host as on the others.',
    );
    // The message names fingerprints, never the secrets.
    const refusal = await hosts.start({ SESSION_SECRET: SECRET_B }).then(
      () => 'started',
      (error: unknown) => (error instanceof Error ? error.message : 'not an Error'),
    );
    expect(refusal).toMatch(/^SESSION_SECRET disagrees/);
    for (const secret of [SECRET_A, SECRET_B, deriveSecretSet(SECRET_A).jwt_secret]) {
      expect(refusal).not.toContain(secret);
    }
  });

  it('refuses a configured secret on a database of generated ones unless told to replace them', async () => {
    const first = await hosts.start();
    const jar = await signedIn(first);
    await expect(hosts.start({ SESSION_SECRET: SECRET_A })).rejects.toThrow(
      'The database holds secrets the portal generated: to replace them with SESSION_SECRET, set SESSION_SECRET_PREVIOUS=stored.',
    );
    const replacing = await hosts.start({
      SESSION_SECRET: SECRET_A,
      SESSION_SECRET_PREVIOUS: 'stored',
    });
    expect(replacing.app.portal.secrets.jwt_secret).toBe(deriveSecretSet(SECRET_A).jwt_secret);
    // The generated secret still verifies what it signed, on this host and on later ones.
    expect(await checkAuth(replacing, jar)).toBe(200);
    const later = await hosts.start({ SESSION_SECRET: SECRET_A });
    expect(await checkAuth(later, jar)).toBe(200);
    expect(await checkAuth(later, await signedIn(replacing))).toBe(200);
  });

  it('reads SECRETS_FILE and shares it like SESSION_SECRET', async () => {
    const dir = await hosts.dataDir();
    const file = path.join(dir, 'portal-secrets.json');
    const secrets = {
      jwt_secret: 'j'.repeat(40),
      cookie_secret: 'c'.repeat(40),
    };
    await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
    const first = await hosts.start({ SECRETS_FILE: file });
    expect(first.app.portal.secrets.jwt_secret).toBe(secrets.jwt_secret);
    expect(first.app.portal.secrets.cookie_secret).toBe(secrets.cookie_secret);
    const second = await hosts.start({ SECRETS_FILE: file });
    const jar = await signedIn(second);
    expect(await checkAuth(first, jar)).toBe(200);
    // The session token is signed with the file's secret.
    const token = jar.access_token_cookie ?? '';
    expect(
      readToken('access', token, { secret: secrets.jwt_secret, now: Date.now() }),
    ).toBeDefined();
    await expect(hosts.start({ SESSION_SECRET: SECRET_A })).rejects.toThrow(
      /^SESSION_SECRET disagrees with the session secret this database already uses/,
    );
  });
});
