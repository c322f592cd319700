import type { Kysely } from 'kysely';
import { categoriseError } from '@portal/domain/sync-errors';
import {
  groupIncrement,
  groupRunStatus,
  jobTypeOfMapping,
  type TSyncIncrement,
  type TSyncJobStatus,
} from '@portal/domain/sync-job';
import type { Database } from '../db/schema';
import { findGroup } from './groups';
import { applyAfterGroup } from './derived-later';
import { createJob, finishJob, incrementOf, type TJobError } from './jobs';
import { jobJournal, type TJournal } from './journal';
import type { TLoader } from './load/types';
import { ReconciliationError } from './reconcile';
import { syncMapping } from './sync-mapping';
import type { TWarehouse } from './warehouse/types';

export type TSyncContext = {
  db: Kysely<Database>;
  warehouse: TWarehouse;
  loader: TLoader;
  /** Where job records say the rows went, e.g. 'sqlite'. */
  destinationLabel: string;
  /** Progress lines for a terminal; jobs keep their own logs either way. */
  print?: (line: string) => void;
  /** The time heartbeats and retry waits are recorded in (app.clock in the portal). */
  clock?: () => number;
};

export type TJobSummary = {
  id: string;
  status: TSyncJobStatus;
  mysqlTable?: string | undefined;
  rowsProcessed: number;
  rowsInserted: number;
  ms: number;
  error?: TJobError | undefined;
  children?: TJobSummary[];
  /** An incremental mapping's run that finished: full reload or changes since its mark. */
  increment?: TSyncIncrement | undefined;
};

/** Retries of transient failures: only the connection category is tried again. */
export type TRetryPolicy = { maxRetries: number; delayMs: number };

export const NO_RETRY: TRetryPolicy = { maxRetries: 0, delayMs: 0 };

/** Waits ms, or less when the signal aborts (then throws its reason). */
export const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Who started a run, and the job already claimed for it (the console claims before it answers). */
export type TRunOptions = {
  jobId?: string | undefined;
  retry?: TRetryPolicy | undefined;
  triggeredBy?: string | undefined;
  scheduleId?: string | undefined;
  /** Aborted when someone cancels the run: no further mapping starts, no retry waits. */
  signal?: AbortSignal | undefined;
  /** How a retry waits; tests pass one they control. */
  pause?: typeof pause | undefined;
};

export const errorOf = (error: unknown): TJobError => {
  const message = error instanceof Error ? error.message : String(error);
  // A category the connector set (Snowflake sign-in failures), else the driver's code or class.
  const { category, suggestions } = categoriseError(error);
  const details =
    error instanceof ReconciliationError ? JSON.stringify(error.reconciliation) : undefined;
  return {
    message,
    category,
    suggestions,
    details,
    stack: error instanceof Error ? error.stack : undefined,
  };
};

const tableOf = (mapping: unknown): string | undefined => {
  const table = (mapping as { mysql_table?: unknown } | null)?.mysql_table;
  return typeof table === 'string' ? table : undefined;
};

/** The job record a mapping run writes to, made here unless the caller claimed one. */
export const createMappingJob = (
  context: Pick<TSyncContext, 'db' | 'destinationLabel'> & { sourceLabel: string },
  mapping: unknown,
  options: TRunOptions & { parentId?: string | undefined; groupId?: string | undefined },
) => {
  const mysqlTable = tableOf(mapping);
  const mappingType = (mapping as { type?: unknown } | null)?.type;
  return createJob(context.db, {
    id: options.jobId,
    type: jobTypeOfMapping(typeof mappingType === 'string' ? mappingType : ''),
    source: context.sourceLabel,
    destination: `${context.destinationLabel}${mysqlTable ? `.${mysqlTable}` : ''}`,
    mysqlTable,
    parentId: options.parentId,
    groupId: options.groupId,
    mapping,
    triggeredBy: options.triggeredBy,
    scheduleId: options.scheduleId,
  });
};

/**
 * syncMapping, tried again after a pause while it fails with a connection error. The
 * warning and the wait (when the next attempt starts) are written before the pause, so
 * Job Details shows them while it lasts.
 */
const syncWithRetry = async (
  options: Parameters<typeof syncMapping>[0],
  retry: TRetryPolicy,
  journal: TJournal,
  run: Pick<TRunOptions, 'signal' | 'pause'>,
) => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await syncMapping(options);
    } catch (error) {
      const { category, message } = errorOf(error);
      if (category !== 'connection_error' || attempt >= retry.maxRetries) {
        throw error;
      }
      journal.log(
        'warning',
        `Attempt ${attempt + 1} failed (${category}): ${message}; retry ${attempt + 1} of ${retry.maxRetries} in ${retry.delayMs / 1000} s`,
      );
      await journal.retryWait({
        at: journal.clock() + retry.delayMs,
        attempt: attempt + 1,
        max: retry.maxRetries,
      });
      try {
        await (run.pause ?? pause)(retry.delayMs, run.signal);
      } finally {
        await journal.retryWait(null).catch(() => undefined);
      }
    }
  }
};

/** Whether a run stopped because a user cancelled it (modules/data-sync/cancel.ts), not a failure. */
const wasCancelled = (signal: AbortSignal | undefined) =>
  signal?.aborted === true && (signal.reason as Error | undefined)?.name === 'SyncCancelled';

/** Runs one mapping as a job; never throws for a sync failure, the job records it. */
export const runMappingJob = async (
  context: TSyncContext,
  mapping: unknown,
  options: TRunOptions & {
    parentId?: string;
    groupId?: string;
    /** The mapping's progress as it is written, for its group job's own. */
    onProgress?: (percent: number, rows: number) => Promise<void>;
    /** Its worklist changes left to the group's step after its last mapping. */
    deferDerived?: boolean;
  } = {},
): Promise<TJobSummary> => {
  const started = Date.now();
  const mysqlTable = tableOf(mapping);
  const id =
    options.jobId ??
    (await createMappingJob(
      { ...context, sourceLabel: context.warehouse.label },
      mapping,
      options,
    ));
  const journal = jobJournal(context, id, { parentId: options.parentId });
  context.print?.(`${mysqlTable ?? '(no table)'}: job ${id}`);
  journal.log(
    'info',
    `Sync of ${mysqlTable ?? '(no table)'} started from ${context.warehouse.label}`,
  );
  try {
    const run = await syncWithRetry(
      {
        mapping,
        warehouse: context.warehouse,
        loader: context.loader,
        portal: context.db,
        deferDerived: options.deferDerived,
        log: journal.log,
        onProgress: async (rows, total) => {
          const progress = total > 0 ? Math.min(99, Math.floor((rows / total) * 100)) : 99;
          if (await journal.progress({ progress, rows_processed: rows })) {
            await options.onProgress?.(progress, rows);
          }
        },
      },
      options.retry ?? NO_RETRY,
      journal,
      options,
    );
    await journal.flush();
    const increment = run.incremental ? incrementOf(run.incremental) : undefined;
    await finishJob(context.db, id, {
      status: 'completed',
      increment,
      rows_processed: run.rowsProcessed,
      rows_inserted: run.rowsInserted,
      source_count: run.reconciliation.sourceCount,
      destination_count: run.reconciliation.destinationCount,
      source_checksum: run.reconciliation.sourceChecksum,
      destination_checksum: run.reconciliation.destinationChecksum ?? null,
    });
    return {
      id,
      status: 'completed',
      mysqlTable,
      rowsProcessed: run.rowsProcessed,
      rowsInserted: run.rowsInserted,
      ms: Date.now() - started,
      increment,
    };
  } catch (error) {
    const jobError = errorOf(error);
    const status = wasCancelled(options.signal) ? 'cancelled' : 'failed';
    journal.log(
      status === 'cancelled' ? 'warning' : 'error',
      status === 'cancelled'
        ? `Sync cancelled; the load was rolled back: ${jobError.message}`
        : `Sync failed (${jobError.category}): ${jobError.message}`,
    );
    await journal.flush();
    const figures = error instanceof ReconciliationError ? error.reconciliation : undefined;
    await finishJob(context.db, id, {
      status,
      error: jobError,
      ...(figures
        ? {
            source_count: figures.sourceCount,
            destination_count: figures.destinationCount,
            source_checksum: figures.sourceChecksum,
            destination_checksum: figures.destinationChecksum ?? null,
          }
        : {}),
    });
    return {
      id,
      status,
      mysqlTable,
      rowsProcessed: 0,
      rowsInserted: 0,
      ms: Date.now() - started,
      error: jobError,
    };
  } finally {
    journal.close();
  }
};

/** The group run behind runGroupJob: its mappings in order, then its outcome. */
const runGroupMappings = async ({
  context,
  group,
  id,
  journal,
  options,
}: {
  context: TSyncContext;
  group: NonNullable<Awaited<ReturnType<typeof findGroup>>>;
  id: string;
  journal: TJournal;
  options: Omit<TRunOptions, 'jobId'>;
}): Promise<TJobSummary> => {
  const started = Date.now();
  const groupId = group.id;
  context.print?.(`Group ${group.name} (${groupId}): job ${id}`);
  if (group.mappings.length === 0) {
    const error = errorOf(new Error('No mappings found in this group'));
    journal.log('error', error.message);
    await journal.flush();
    await finishJob(context.db, id, { status: 'failed', error });
    return { id, status: 'failed', rowsProcessed: 0, rowsInserted: 0, ms: 0, error, children: [] };
  }
  journal.log(
    'info',
    `Running ${group.mappings.length} ${group.mappings.length === 1 ? 'mapping' : 'mappings'}`,
  );
  const children: TJobSummary[] = [];
  for (const [index, mapping] of group.mappings.entries()) {
    if (options.signal?.aborted) {
      break;
    }
    const done = children.reduce((sum, child) => sum + child.rowsProcessed, 0);
    // The group's bar moves with its mapping's rows, not only when a mapping ends.
    const onProgress = (percent: number, rows: number) =>
      journal.flush({
        progress: Math.floor(((index + percent / 100) / group.mappings.length) * 100),
        rows_processed: done + rows,
      });
    children.push(
      await runMappingJob(context, mapping, {
        ...options,
        parentId: id,
        groupId,
        onProgress,
        deferDerived: true,
      }),
    );
    await journal.flush({
      progress: Math.floor(((index + 1) / group.mappings.length) * 100),
      rows_processed: children.reduce((sum, child) => sum + child.rowsProcessed, 0),
    });
  }
  const failure = await applyAfterGroup(context.loader, context.db, journal.log);
  const derived = failure === undefined ? undefined : errorOf(failure);
  const cancelled = options.signal?.aborted ? (options.signal.reason as Error) : undefined;
  const status = cancelled
    ? wasCancelled(options.signal)
      ? 'cancelled'
      : 'failed'
    : derived
      ? 'failed'
      : groupRunStatus(children.map((child) => child.status));
  const failed = children.filter(
    (child) => child.status !== 'completed' && child.status !== 'cancelled',
  );
  const error = cancelled
    ? errorOf(cancelled)
    : derived && failed.length === 0
      ? derived
      : failed.length > 0
        ? errorOf(
            new Error(
              `Some sync jobs failed. Check job history for details. (${failed.map((child) => child.mysqlTable).join(', ')})`,
            ),
          )
        : undefined;
  journal.log(status === 'completed' ? 'info' : 'warning', `Group run ${status}`);
  await journal.flush();
  const rowsProcessed = children.reduce((sum, child) => sum + child.rowsProcessed, 0);
  const rowsInserted = children.reduce((sum, child) => sum + child.rowsInserted, 0);
  const increment = groupIncrement(children.map((child) => child.increment)) ?? undefined;
  await finishJob(context.db, id, {
    status,
    error,
    increment,
    progress: 100,
    rows_processed: rowsProcessed,
    rows_inserted: rowsInserted,
  });
  return {
    id,
    status,
    rowsProcessed,
    rowsInserted,
    ms: Date.now() - started,
    error,
    children,
    increment,
  };
};

/** Runs a group's mappings one after another, each as its own job under a group job. */
export const runGroupJob = async (
  context: TSyncContext,
  groupId: string,
  options: TRunOptions = {},
): Promise<TJobSummary> => {
  const group = await findGroup(context.db, groupId);
  if (!group) {
    throw new Error(`Sync group "${groupId}" not found`);
  }
  const { jobId, ...childOptions } = options;
  const id =
    jobId ??
    (await createJob(context.db, {
      type: 'group',
      source: context.warehouse.label,
      destination: context.destinationLabel,
      groupId,
      triggeredBy: options.triggeredBy,
      scheduleId: options.scheduleId,
    }));
  const journal = jobJournal(context, id);
  try {
    return await runGroupMappings({ context, group, id, journal, options: childOptions });
  } finally {
    journal.close();
  }
};
