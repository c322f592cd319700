import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { loadOrCreateSecrets } from './secrets';
import { parseSecretSources } from './secrets-config';
import { fingerprintOf } from './secrets-crypto';
import { resolveSecrets } from './secrets-resolve';
import { readSecretsRow } from './secrets-store';
import { testDialects } from '../test/databases';
import { checkAuth, signedIn, useHosts } from '../test/hosts';
import { createTestUser, signIn, type TJar } from '../test/sessions';

const KEY = 'k'.repeat(16) + 'the-key-that-seals-stored-secrets';
const OTHER_KEY = 'x'.repeat(16) + 'a-key-that-opens-nothing-stored-here';

describe.each(testDialects())('secrets stored in the database [%s]', (dialect) => {
  const hosts = useHosts(dialect);

  it('stores them encrypted under SECRETS_KEY, and refuses a host without the key', async () => {
    const first = await hosts.start({ SECRETS_KEY: KEY });
    const { secrets } = first.app.portal;
    const row = await readSecretsRow(first.database.db);
    expect(row?.sealed).toMatch(/^aes-256-gcm:v1:/);
    expect(row?.sealed).not.toContain(secrets.jwt_secret);
    expect(row?.sealed).not.toContain(secrets.cookie_secret);
    expect(row?.sealed).not.toContain('jwt_secret');

    await expect(hosts.start()).rejects.toThrow(
      'Cannot read the session secrets stored in the database: the stored secrets are encrypted and SECRETS_KEY is not set. Set the same SECRETS_KEY on every host as on the one that stored them (to change the key, give the old one as SECRETS_KEY_PREVIOUS).',
    );
    await expect(hosts.start({ SECRETS_KEY: OTHER_KEY })).rejects.toThrow(
      'SECRETS_KEY does not open the stored secrets',
    );
    const second = await hosts.start({ SECRETS_KEY: KEY });
    expect(second.app.portal.secrets.jwt_secret).toBe(secrets.jwt_secret);
    expect(await checkAuth(second, await signedIn(first))).toBe(200);
  });

  it('seals them again under a new SECRETS_KEY given the old one as SECRETS_KEY_PREVIOUS', async () => {
    const first = await hosts.start({ SECRETS_KEY: KEY });
    const jar = await signedIn(first);
    const before = await readSecretsRow(first.database.db);
    const changed = await hosts.start({ SECRETS_KEY: OTHER_KEY, SECRETS_KEY_PREVIOUS: KEY });
    expect(changed.app.portal.secrets.jwt_secret).toBe(first.app.portal.secrets.jwt_secret);
    expect(await checkAuth(changed, jar)).toBe(200);
    const after = await readSecretsRow(first.database.db);
    expect(after?.sealed).toMatch(/^aes-256-gcm:v1:/);
    expect(after?.sealed).not.toBe(before?.sealed);
    expect(after?.fingerprint).toBe(before?.fingerprint);
    // The old key alone opens nothing any more; the new one does.
    await expect(hosts.start({ SECRETS_KEY: KEY })).rejects.toThrow(
      'SECRETS_KEY does not open the stored secrets',
    );
    expect(await checkAuth(await hosts.start({ SECRETS_KEY: OTHER_KEY }), jar)).toBe(200);
  });

  it('stores them plainly with a warning without a key, and encrypts them once one is given', async () => {
    const first = await hosts.start();
    const plain = await readSecretsRow(first.database.db);
    expect(plain?.sealed).toMatch(/^plain:/);
    const jar = await signedIn(first);

    const resolve = (env: Record<string, string>) =>
      resolveSecrets({
        db: first.database.db,
        sources: parseSecretSources(env),
        dataDir: first.app.portal.config.dataDir,
        embedded: false,
        now: Date.now(),
      });
    expect((await resolve({})).notes).toContainEqual({
      level: 'warn',
      message:
        'the session secrets are stored in the database unencrypted: set SECRETS_KEY (the same on every host) to encrypt them',
    });
    const keyed = await resolve({ SECRETS_KEY: KEY });
    expect(keyed.notes).toContainEqual({
      level: 'info',
      message: 'encrypted the stored session secrets with SECRETS_KEY',
    });
    expect(keyed.secrets.jwt_secret).toBe(first.app.portal.secrets.jwt_secret);
    const sealed = await readSecretsRow(first.database.db);
    expect(sealed?.sealed).toMatch(/^aes-256-gcm:v1:/);
    expect(sealed?.fingerprint).toBe(plain?.fingerprint);

    const later = await hosts.start({ SECRETS_KEY: KEY });
    expect(await checkAuth(later, jar)).toBe(200);
  });

  it('agrees on one row when many processes claim it at the same moment', async () => {
    const connections = Array.from({ length: 4 }, () => createDatabase(hosts.databaseUrl()));
    try {
      const dataDir = await hosts.dataDir();
      const results = await Promise.all(
        connections.map((database) =>
          resolveSecrets({
            db: database.db,
            sources: parseSecretSources({ SECRETS_KEY: KEY }),
            dataDir,
            embedded: false,
            now: Date.now(),
          }),
        ),
      );
      const fingerprints = new Set(results.map((result) => fingerprintOf(result.secrets)));
      expect(fingerprints.size).toBe(1);
      const row = await readSecretsRow(connections[0]!.db);
      expect(fingerprints).toContain(row?.fingerprint);
    } finally {
      await Promise.all(connections.map((database) => database.destroy()));
    }
  });

  it('moves an existing data/secrets.json into the database, so an upgrade signs nobody out', async () => {
    // The version before: secrets.json in its data dir, sessions signed with it.
    const dataDir = await hosts.dataDir();
    const legacy = await loadOrCreateSecrets(dataDir);
    const database = createDatabase(hosts.databaseUrl());
    let jar: TJar;
    try {
      const app = await buildApp({
        config: loadConfig({
          DATA_DIR: dataDir,
          DATABASE_URL: hosts.databaseUrl(),
          WEB_DIST: path.join(dataDir, 'no-web-build'),
          LOG_LEVEL: 'silent',
          SCHEDULER_TICK_MS: '0',
        }),
        secrets: legacy,
        database,
        logger: false,
      });
      try {
        await createTestUser(database.db, { email: 'upgrade@example.com' });
        jar = (await signIn(app, { email: 'upgrade@example.com' })).jar;
        expect(await checkAuth({ app }, jar)).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.destroy();
    }

    const upgraded = await hosts.start({}, dataDir);
    expect(upgraded.app.portal.secrets.jwt_secret).toBe(legacy.jwt_secret);
    expect(await checkAuth(upgraded, jar)).toBe(200);
    const row = await readSecretsRow(upgraded.database.db);
    expect(row?.fingerprint).toBe(fingerprintOf(legacy));
    // A second host, with a data dir of its own, reads them from the database.
    const second = await hosts.start();
    expect(await checkAuth(second, jar)).toBe(200);

    // Another host's own old secrets.json loses to the database's, with a warning.
    const otherDir = await hosts.dataDir();
    await loadOrCreateSecrets(otherDir);
    const other = await resolveSecrets({
      db: upgraded.database.db,
      sources: parseSecretSources({}),
      dataDir: otherDir,
      embedded: false,
      now: Date.now(),
    });
    expect(other.secrets.jwt_secret).toBe(legacy.jwt_secret);
    expect(other.notes).toContainEqual({
      level: 'warn',
      message:
        'data/secrets.json differs from the session secrets in the database and is not used; the database is shared by every host',
    });
  });
});
