import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { TConfig } from './config';
import { createDatabase, type TPortalDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { databaseServerNotes } from './db/server-settings';
import { ensureDemoAccounts, type TDemoAccount } from './demo/demo-accounts';
import { resolveSecrets } from './lib/secrets-resolve';
import { prepareFirstStart, type TFirstStart } from './sync/first-start';
import { ensureDefaultGroups } from './sync/groups';
import { failInterruptedJobs } from './sync/jobs';

export type TRunningPortal = {
  app: FastifyInstance;
  database: TPortalDatabase;
  url: string;
  demoAccounts: TDemoAccount[];
  /** What the embedded demo's first start did (warehouse, first sync, demo ties). */
  firstStart: TFirstStart | undefined;
  /** Stops taking connections, lets in-flight requests finish, then closes the database. */
  stop: () => Promise<void>;
};

/** Prepares the data dir, database and secrets, then listens. main.ts and tests share this. */
export const startPortal = async (
  config: TConfig,
  options: {
    logger?: boolean;
    /** Runs after the app is built and before it listens, e.g. to add routes in a test. */
    beforeListen?: (app: FastifyInstance) => Promise<void> | void;
  } = {},
): Promise<TRunningPortal> => {
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const database = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    // Shared through the database, so every host signs and verifies alike (lib/secrets-resolve.ts).
    const { secrets, notes } = await resolveSecrets({
      db: database.db,
      sources: config.secretSources,
      dataDir: config.dataDir,
      embedded: config.embedded,
      now: Date.now(),
    });
    const demoAccounts = config.demoAccounts
      ? await ensureDemoAccounts(database.db, { password: config.demoPassword })
      : [];
    // Another host may add them at the same moment; then they are there either way.
    await ensureDefaultGroups(database.db).catch(() => ensureDefaultGroups(database.db));
    // A job still "running" from a process that died will never finish on its own.
    await failInterruptedJobs(database.db);
    const app = await buildApp({ config, secrets, database, logger: options.logger });
    for (const note of [...notes, ...(await databaseServerNotes(database.db, database.dialect))]) {
      app.log[note.level](note.message);
    }
    let firstStart: TFirstStart | undefined;
    if (config.firstStartSync) {
      // Before listening, so the first screen anyone sees already has data. A failure is
      // logged, not fatal: the portal still serves, and health shows the warehouse state.
      firstStart = await prepareFirstStart({ config, database, log: app.log }).catch(
        (error: unknown) => {
          app.log.error({ err: error }, 'first-start warehouse and sync failed');
          return undefined;
        },
      );
    }
    await options.beforeListen?.(app);
    const url = await app.listen({ host: config.host, port: config.port });
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        await app.close();
        await database.destroy();
      })();
      return stopping;
    };
    return { app, database, url, demoAccounts, firstStart, stop };
  } catch (error) {
    await database.destroy();
    throw error;
  }
};
