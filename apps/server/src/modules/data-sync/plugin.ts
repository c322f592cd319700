import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureDefaultGroups } from '../../sync/groups';
import { dataSyncRoutes } from './routes';
import { SyncStoppedByShutdown } from './cancel';
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

/** How long closing waits, after stopping them, for the stopped runs to roll back and end. */
const STOPPED_RUNS_WAIT_MS = 15_000;

/** True when the promise settles within ms. */
const within = async (promise: Promise<unknown>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
};

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

  // Closing (SIGTERM): no scheduled run starts any more, even while requests finish.
  app.addHook('preClose', () => {
    clearInterval(timer);
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await scheduler.settle();
    // Runs of this process may finish within the grace; then each is stopped as a cancel
    // would stop it (warehouse interrupted, load rolled back, job failed) so the process
    // can exit and the group run again elsewhere.
    if (await within(runs.idle(), config.shutdownGraceMs)) {
      return;
    }
    const stopped = runs.stopAll(new SyncStoppedByShutdown());
    app.log.warn(
      { runs: stopped, graceMs: config.shutdownGraceMs },
      'shutting down: stopped the data syncs still running after SHUTDOWN_GRACE_MS',
    );
    if (!(await within(runs.idle(), STOPPED_RUNS_WAIT_MS))) {
      app.log.error('shutting down: stopped data syncs did not end; the next start fails them');
    }
  });

  await app.register(dataSyncRoutes, { prefix: `${options.prefix}/data-sync` });
};

export default fp(dataSync, { name: 'data-sync', dependencies: ['audit'] });
