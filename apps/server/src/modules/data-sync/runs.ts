import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { categoriseError } from '@portal/domain/sync-errors';
import { validateMapping, type TMapping } from '@portal/domain/sync-mapping';
import type { TConfig } from '../../config';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import { AppError } from '../../plugins/errors';
import { findGroup } from '../../sync/groups';
import { createJob, failInterruptedJobs, finishJob, getJob, liveJobs } from '../../sync/jobs';
import { jobJournal, type TJournal } from '../../sync/journal';
import { openLoader } from '../../sync/load/index';
import type { TLoader } from '../../sync/load/types';
import {
  createMappingJob,
  errorOf,
  runGroupJob,
  runMappingJob,
  NO_RETRY,
  type TSyncContext,
  pause,
  type TRetryPolicy,
} from '../../sync/runner';
import { isSnowflakeUrl, openConfiguredWarehouse } from '../../sync/warehouse/index';
import { WarehouseRefusal, type TWarehouse } from '../../sync/warehouse/types';
import { compileMapping } from '../../sync/compile';
import { watchForCancel } from './cancel';
import { releaseGroup, runningJobOf, takeGroup } from './repository';

export type TRunDeps = {
  db: Kysely<Database>;
  config: TConfig;
  dialect: TDialect;
  clock: TClock;
  log: FastifyBaseLogger;
  /** How retry waits wait; tests pass one they control. */
  pause?: typeof pause | undefined;
};

export type TStartOptions = {
  triggeredBy: string;
  retry?: TRetryPolicy | undefined;
  scheduleId?: string | undefined;
};

/** The warehouse as job records name it before it is opened, without credentials. */
export const warehouseLabel = (url: string) =>
  isSnowflakeUrl(url)
    ? 'snowflake'
    : `duckdb:${path.basename(url.replace(/^duckdb:(\/\/)?/i, ''))}`;

/**
 * A warehouse that cannot be opened is unreachable: the connection category, unless the
 * driver's error says otherwise (a refused sign-in, say).
 */
const connectionFailure = (error: unknown) => {
  const { category } = categoriseError(error);
  return Object.assign(
    new Error(
      `Warehouse connection failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    ),
    { category: category === 'unknown_error' ? 'connection_error' : category },
  );
};

/**
 * Opens the warehouse, trying again after connection failures as the run's policy says.
 * Each wait is on the job (retry_at) before it starts, for Job Details' countdown.
 */
const openWarehouseFor = async (
  deps: TRunDeps,
  retry: TRetryPolicy,
  journal: TJournal,
  signal: AbortSignal,
): Promise<TWarehouse> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await openConfiguredWarehouse(deps.config);
    } catch (error) {
      const failure = connectionFailure(error);
      const { category } = errorOf(failure);
      if (category !== 'connection_error' || attempt >= retry.maxRetries) {
        throw failure;
      }
      journal.log(
        'warning',
        `${failure.message}; retry ${attempt + 1} of ${retry.maxRetries} in ${retry.delayMs / 1000} s`,
      );
      await journal.retryWait({
        at: deps.clock() + retry.delayMs,
        attempt: attempt + 1,
        max: retry.maxRetries,
      });
      try {
        await (deps.pause ?? pause)(retry.delayMs, signal);
      } finally {
        await journal.retryWait(null).catch(() => undefined);
      }
    }
  }
};

/**
 * What the warehouse refuses before anything runs, a reason to answer 400: more than one
 * statement or not a SELECT, SQL that does not parse, and (DuckDB checks it when it
 * prepares) a file, directory or extension the locked-down warehouse may not reach.
 */
const isRefusal = (error: unknown) =>
  error instanceof WarehouseRefusal ||
  (error instanceof Error && /^(Parser|Permission) Error\b/.test(error.message));

/**
 * Refuses, with a 400 naming the mapping, any mapping whose SQL the warehouse would not
 * run as one SELECT. A warehouse that cannot be reached now is no reason to refuse: the
 * run checks again, and reports what it finds.
 */
export const checkMappingsSql = async (
  deps: Pick<TRunDeps, 'config'>,
  mappings: readonly TMapping[],
  name: (index: number) => string = () => '',
) => {
  let warehouse: TWarehouse;
  try {
    warehouse = await openConfiguredWarehouse(deps.config);
  } catch {
    return;
  }
  try {
    for (const [index, mapping] of mappings.entries()) {
      try {
        await warehouse.check(compileMapping(mapping, warehouse.dialect));
      } catch (error) {
        if (isRefusal(error)) {
          const message = (error as Error).message.split('\n')[0]!;
          throw new AppError('bad_request', `${name(index)}${message}`);
        }
      }
    }
  } finally {
    await warehouse.close();
  }
};

/** Starts sync runs in the background and remembers them until they end. */
export const createRuns = (deps: TRunDeps) => {
  const { db } = deps;
  const inFlight = new Set<Promise<void>>();
  /** How to stop each run of this process: abort its signal and interrupt its warehouse. */
  const stoppers = new Set<(reason: Error) => void>();
  const contextOf = (warehouse: TWarehouse, loader: TLoader): TSyncContext => ({
    db,
    warehouse,
    loader,
    destinationLabel: deps.dialect,
    clock: deps.clock,
  });

  /** Fails jobs whose process stopped beating (jobs.ts), with a warning in this process's log. */
  const failDeadJobs = () =>
    failInterruptedJobs(db, deps.clock(), (message, jobId) => {
      deps.log.warn({ jobId }, message);
    });

  const track = (work: Promise<void>) => {
    const done = work.catch((error: unknown) => {
      deps.log.error({ err: error }, 'data sync run failed outside its job');
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  /**
   * Opens what a run needs, runs it, records a failure to open on the job, closes. A
   * cancel asked for in any process interrupts the warehouse query and stops the run.
   */
  const execute = async (
    jobId: string,
    retry: TRetryPolicy,
    run: (warehouse: TWarehouse, loader: TLoader, signal: AbortSignal) => Promise<unknown>,
  ) => {
    let warehouse: TWarehouse | undefined;
    let loader: TLoader | undefined;
    const controller = new AbortController();
    // Beats the job's heartbeat from the start, waits to reach the warehouse included.
    const journal = jobJournal({ db, clock: deps.clock }, jobId);
    const stop = (reason: Error) => {
      if (!controller.signal.aborted) {
        controller.abort(reason);
        warehouse?.interrupt(reason);
      }
    };
    stoppers.add(stop);
    const stopWatching = watchForCancel(db, jobId, stop);
    try {
      warehouse = await openWarehouseFor(deps, retry, journal, controller.signal);
      if (controller.signal.aborted) {
        warehouse.interrupt(controller.signal.reason as Error);
      }
      loader = await openLoader(deps.config.databaseUrl, {
        warn: (message) => deps.log.warn(message),
      });
      await run(warehouse, loader, controller.signal);
    } catch (error) {
      const jobError = errorOf(error);
      journal.log('error', `Sync failed (${jobError.category}): ${jobError.message}`);
      await journal.flush().catch(() => undefined);
      await finishJob(db, jobId, { status: 'failed', error: jobError, whileRunning: true });
    } finally {
      journal.close();
      stopWatching();
      stoppers.delete(stop);
      await loader?.close().catch(() => undefined);
      await warehouse?.close().catch(() => undefined);
    }
  };

  /**
   * Claims a group and starts its run: a parent job, then one child job per mapping.
   * Answers with the job id as soon as the claim is made; the run goes on behind it.
   */
  const startGroupRun = async (groupId: string, options: TStartOptions) => {
    const group = await findGroup(db, groupId);
    if (!group) {
      throw new AppError('not_found', `Sync group "${groupId}" not found`);
    }
    if (group.mappings.length === 0) {
      throw new AppError('bad_request', 'No mappings found in this group');
    }
    const busy = () =>
      new AppError(
        'conflict',
        `The sync group "${group.name}" is already running; wait for that run to finish before starting it again.`,
      );
    const seen = await runningJobOf(db, groupId);
    if (seen !== null && (await getJob(db, seen))?.status === 'running') {
      // The run holding the group may have died with its process: fail it if it is silent.
      if (
        !(await failDeadJobs()).includes(seen) &&
        (await getJob(db, seen))?.status === 'running'
      ) {
        throw busy();
      }
    }
    const jobId = randomUUID();
    // The job and the claim commit together: no other process sees one without the other.
    try {
      await db.transaction().execute(async (trx) => {
        await createJob(trx, {
          id: jobId,
          type: 'group',
          source: warehouseLabel(deps.config.warehouseUrl),
          destination: deps.dialect,
          groupId,
          triggeredBy: options.triggeredBy,
          scheduleId: options.scheduleId,
        });
        if (!(await takeGroup(trx, { groupId, jobId, seen }))) {
          throw busy();
        }
      });
    } catch (error) {
      // Rolled back: the job row never existed for anyone else.
      liveJobs.delete(jobId);
      throw error;
    }
    const retry = options.retry ?? NO_RETRY;
    track(
      execute(jobId, retry, (warehouse, loader, signal) =>
        runGroupJob(contextOf(warehouse, loader), groupId, {
          jobId,
          retry,
          signal,
          pause: deps.pause,
          triggeredBy: options.triggeredBy,
          scheduleId: options.scheduleId,
        }),
      ).finally(() => releaseGroup(db, groupId, jobId)),
    );
    return { jobId, group };
  };

  /** Starts one ad-hoc mapping (the snowpark endpoints); the spec's messages for a bad one. */
  const startMappingRun = async (input: unknown, options: TStartOptions) => {
    const validation = validateMapping(input);
    if (!validation.ok) {
      throw new AppError('bad_request', validation.errors[0]);
    }
    const mapping = validation.mapping;
    await checkMappingsSql(deps, [mapping]);
    const jobId = await createMappingJob(
      { db, destinationLabel: deps.dialect, sourceLabel: warehouseLabel(deps.config.warehouseUrl) },
      mapping,
      { triggeredBy: options.triggeredBy },
    );
    const retry = options.retry ?? NO_RETRY;
    track(
      execute(jobId, retry, (warehouse, loader, signal) =>
        runMappingJob(contextOf(warehouse, loader), mapping, {
          jobId,
          retry,
          signal,
          pause: deps.pause,
        }),
      ),
    );
    return { jobId, mapping };
  };

  /** Resolves once every run this process started has ended. */
  const idle = async () => {
    while (inFlight.size > 0) {
      await Promise.all([...inFlight]);
    }
  };

  /** Stops every run of this process as a cancel would (shutdown): each ends failed, rolled back. */
  const stopAll = (reason: Error) => {
    for (const stop of stoppers) {
      stop(reason);
    }
    return stoppers.size;
  };

  return { startGroupRun, startMappingRun, idle, failDeadJobs, stopAll };
};

export type TRuns = ReturnType<typeof createRuns>;
