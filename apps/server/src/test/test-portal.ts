import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type TConfig } from '../config';
import { createDatabase, type TDialect, type TPortalDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { TClock } from '../lib/clock';
import { loadOrCreateSecrets } from '../lib/secrets';
import { createTestDatabase } from './databases';

export type TTestPortal = {
  app: FastifyInstance;
  database: TPortalDatabase;
  config: TConfig;
};

/**
 * Registers hooks that build the real app on a fresh database of the given
 * dialect before the suite's tests and tear it all down after. Read the
 * returned getter inside tests, not at collection time.
 */
export const useTestPortal = (
  dialect: TDialect,
  env: Record<string, string> = {},
  options: {
    clock?: TClock;
    /** Adds routes before the app is ready, e.g. to exercise a guard. */
    beforeReady?: (app: FastifyInstance) => void;
    /** Turns logging on (at LOG_LEVEL) and sends the lines here. */
    logStream?: { write: (line: string) => void };
  } = {},
) => {
  let portal: TTestPortal | undefined;
  let cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const testDatabase = await createTestDatabase(dialect, { migrated: true });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-data-'));
    cleanup = [testDatabase.drop, () => rm(dataDir, { recursive: true, force: true })];
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: testDatabase.url,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'silent',
      // No background analytics work under tests that count statements (warm.test.ts tests it).
      ANALYTICS_WARM_MS: '0',
      NOTIFICATION_TICK_MS: '0',
      ...env,
    });
    const database = createDatabase(config.databaseUrl);
    cleanup.unshift(() => database.destroy());
    await migrateToLatest(database.db);
    const app = await buildApp({
      config,
      database,
      secrets: await loadOrCreateSecrets(dataDir),
      logger: options.logStream !== undefined,
      // Every answer of the API tests is also encoded by zod and compared.
      checkResponses: true,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    options.beforeReady?.(app);
    cleanup.unshift(() => app.close());
    portal = { app, database, config };
  }, 60_000);

  afterAll(async () => {
    for (const step of cleanup) {
      await step();
    }
  }, 60_000);

  return (): TTestPortal => {
    if (!portal) {
      throw new Error('test portal is not ready; read it inside a test');
    }
    return portal;
  };
};
