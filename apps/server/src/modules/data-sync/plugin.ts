import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureDefaultGroups } from '../../sync/groups';
import { dataSyncRoutes } from './routes';
import { createRuns, type TRuns } from './runs';
import { createScheduler, type TScheduler } from './scheduler';

export type TDataSync = {
  runs: TRuns;
  scheduler: TScheduler;
  /** Resolves once every run this process started has ended (tests, shutdown). */
  idle: () => Promise<void>;
};

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    dataSync: TDataSync;
  }
}

/** How long closing waits for runs of this process; a run cut off is failed at the next start. */
const CLOSE_WAIT_MS = 30_000;

/**
 * The data-sync console (issue 12): the engine's runs started from the API, and the
 * scheduler ticking in every process. Routes go under `${prefix}/data-sync`.
 */
const dataSync = async (app: FastifyInstance, options: { prefix: string }) => {
  const { database, config } = app.portal;
  const deps = {
    db: database.db,
    config,
    dialect: database.dialect,
    clock: () => app.clock(),
    log: app.log,
  };
  const runs = createRuns(deps);
  const scheduler = createScheduler(deps, runs, (entry) => app.auditSystem(entry));
  app.decorate('dataSync', { runs, scheduler, idle: runs.idle });
  let timer: NodeJS.Timeout | undefined;

  app.addHook('onReady', async () => {
    // Not fatal: with the database away the portal still starts (health answers degraded),
    // and the scheduler's ticks and checks try again.
    try {
      // Another process may add them at the same moment; then they are there either way.
      await ensureDefaultGroups(database.db).catch(() => ensureDefaultGroups(database.db));
      // Jobs left running by a process that died are failed before anything new starts.
      await scheduler.recover();
    } catch (error) {
      app.log.error({ err: error }, 'data-sync start-up checks failed');
    }
    if (config.schedulerTickMs > 0) {
      const tick = () => {
        scheduler.tick().catch((error: unknown) => {
          app.log.error({ err: error }, 'sync scheduler tick failed');
        });
      };
      tick();
      timer = setInterval(tick, config.schedulerTickMs);
      timer.unref();
    }
  });

  app.addHook('onClose', async () => {
    clearInterval(timer);
    await scheduler.settle();
    let wait: NodeJS.Timeout | undefined;
    await Promise.race([
      runs.idle(),
      new Promise((resolve) => {
        wait = setTimeout(resolve, CLOSE_WAIT_MS);
        wait.unref();
      }),
    ]);
    clearTimeout(wait);
  });

  await app.register(dataSyncRoutes, { prefix: `${options.prefix}/data-sync` });
};

export default fp(dataSync, { name: 'data-sync', dependencies: ['audit'] });
