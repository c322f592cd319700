import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { loadConfig } from '../config';
import { createDatabase, type TDialect } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { startPortal, type TRunningPortal } from '../server';
import { createTestDatabase } from './databases';
import { createTestUser, signIn, withSession, type TJar } from './sessions';

/**
 * Several portals as several hosts would run them: each with its own data dir, all on one
 * database of the dialect (fresh for every test). Everything started is stopped after it.
 */
export const useHosts = (dialect: TDialect) => {
  let databaseUrl = '';
  let cleanup: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    const database = await createTestDatabase(dialect, { migrated: true });
    databaseUrl = database.url;
    cleanup = [database.drop];
    // Migrated once up front: hosts starting together then only meet over the secrets.
    const setup = createDatabase(database.url);
    try {
      await migrateToLatest(setup.db);
    } finally {
      await setup.destroy();
    }
  }, 60_000);

  afterEach(async () => {
    for (const step of cleanup) {
      await step();
    }
  }, 60_000);

  const dataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-host-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };

  /** Starts a portal on the shared database; its own data dir unless one is given. */
  const start = async (env: Record<string, string> = {}, dir?: string): Promise<TRunningPortal> => {
    const data = dir ?? (await dataDir());
    const portal = await startPortal(
      loadConfig({
        DATA_DIR: data,
        DATABASE_URL: databaseUrl,
        WEB_DIST: path.join(data, 'no-web-build'),
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'silent',
        FIRST_START_SYNC: 'false',
        SCHEDULER_TICK_MS: '0',
        ...env,
      }),
      { logger: false },
    );
    cleanup.unshift(() => portal.stop());
    return portal;
  };

  return { start, dataDir, databaseUrl: () => databaseUrl };
};

let users = 0;

/** A new user signed in on the portal; the browser's cookie jar. */
export const signedIn = async (portal: TRunningPortal): Promise<TJar> => {
  users += 1;
  const email = `host-${users}-${Date.now()}@example.com`;
  await createTestUser(portal.database.db, { email });
  const { response, jar } = await signIn(portal.app, { email });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  }
  return jar;
};

export const checkAuth = async (portal: Pick<TRunningPortal, 'app'>, jar: TJar) =>
  (await portal.app.inject(withSession(jar, { method: 'GET', url: '/api/check-auth' }))).statusCode;

export const refresh = (portal: Pick<TRunningPortal, 'app'>, jar: TJar) =>
  portal.app.inject(withSession(jar, { method: 'POST', url: '/api/refresh-token' }));
