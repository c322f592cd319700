import type { Kysely } from 'kysely';
import { categoriseSyncError, type TSyncErrorCategory } from '@portal/domain/sync-errors';
import {
  groupRunStatus,
  jobTypeOfMapping,
  type TSyncJobStatus,
  type TSyncLogLevel,
} from '@portal/domain/sync-job';
import type { Database } from '../db/schema';
import { findGroup } from './groups';
import { addLogs, createJob, finishJob, updateJob, type TJobError, type TSyncLog } from './jobs';
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
};

const PROGRESS_EVERY_MS = 1000;

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
};

/** Buffers a job's logs and writes them with the (throttled) progress updates. */
const jobJournal = (context: TSyncContext, jobId: string) => {
  let pending: TSyncLog[] = [];
  let lastWrite = 0;
  const log = (level: TSyncLogLevel, message: string) => {
    pending.push({ timestamp: Date.now(), level, message });
    if (level !== 'debug') {
      context.print?.(`  ${message}`);
    }
  };
  const flush = async (patch: { progress?: number; rows_processed?: number } = {}) => {
    const logs = pending;
    pending = [];
    lastWrite = Date.now();
    await addLogs(context.db, jobId, logs);
    await updateJob(context.db, jobId, { ...patch, heartbeat_at: lastWrite });
  };
  const progress = async (patch: { progress: number; rows_processed: number }) => {
    if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
      context.print?.(`  ${patch.rows_processed} rows (${patch.progress}%)`);
      pending.push({
        timestamp: Date.now(),
        level: 'debug',
        message: `Progress: ${patch.rows_processed} rows loaded (${patch.progress}%)`,
      });
      await flush(patch);
    }
  };
  return { log, flush, progress };
};

export const errorOf = (error: unknown): TJobError => {
  const message = error instanceof Error ? error.message : String(error);
  // A connector may already know the category (Snowflake sign-in failures, say).
  const known = (error as { category?: TSyncErrorCategory } | null)?.category;
  const { category, suggestions } = categoriseSyncError(message, known);
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

/** syncMapping, tried again after a pause while it fails with a connection error. */
const syncWithRetry = async (
  options: Parameters<typeof syncMapping>[0],
  retry: TRetryPolicy,
  log: (level: TSyncLogLevel, message: string) => void,
  signal: AbortSignal | undefined,
) => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await syncMapping(options);
    } catch (error) {
      const { category, message } = errorOf(error);
      if (category !== 'connection_error' || attempt >= retry.maxRetries) {
        throw error;
      }
      log(
        'warning',
        `Attempt ${attempt + 1} failed (${category}): ${message}; retry ${attempt + 1} of ${retry.maxRetries} in ${retry.delayMs / 1000} s`,
      );
      await pause(retry.delayMs, signal);
    }
  }
};

/** Runs one mapping as a job; never throws for a sync failure, the job records it. */
export const runMappingJob = async (
  context: TSyncContext,
  mapping: unknown,
  options: TRunOptions & { parentId?: string; groupId?: string } = {},
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
  const journal = jobJournal(context, id);
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
        log: journal.log,
        onProgress: (rows, total) =>
          journal.progress({
            progress: total > 0 ? Math.min(99, Math.floor((rows / total) * 100)) : 99,
            rows_processed: rows,
          }),
      },
      options.retry ?? NO_RETRY,
      journal.log,
      options.signal,
    );
    await journal.flush();
    await finishJob(context.db, id, {
      status: 'completed',
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
    };
  } catch (error) {
    const jobError = errorOf(error);
    journal.log('error', `Sync failed (${jobError.category}): ${jobError.message}`);
    await journal.flush();
    const figures = error instanceof ReconciliationError ? error.reconciliation : undefined;
    await finishJob(context.db, id, {
      status: 'failed',
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
      status: 'failed',
      mysqlTable,
      rowsProcessed: 0,
      rowsInserted: 0,
      ms: Date.now() - started,
      error: jobError,
    };
  }
};

/** Runs a group's mappings one after another, each as its own job under a group job. */
export const runGroupJob = async (
  context: TSyncContext,
  groupId: string,
  options: TRunOptions = {},
): Promise<TJobSummary> => {
  const started = Date.now();
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
  context.print?.(`Group ${group.name} (${groupId}): job ${id}`);
  if (group.mappings.length === 0) {
    const error = errorOf(new Error('No mappings found in this group'));
    journal.log('error', error.message);
    await journal.flush();
    await finishJob(context.db, id, { status: 'failed', error });
    return { id, status: 'failed', rowsProcessed: 0, rowsInserted: 0, ms: 0, error, children: [] };
  }
  journal.log('info', `Running ${group.mappings.length} mappings`);
  const children: TJobSummary[] = [];
  for (const [index, mapping] of group.mappings.entries()) {
    if (options.signal?.aborted) {
      break;
    }
    children.push(
      await runMappingJob(context, mapping, { ...childOptions, parentId: id, groupId }),
    );
    await journal.flush({
      progress: Math.floor(((index + 1) / group.mappings.length) * 100),
      rows_processed: children.reduce((sum, child) => sum + child.rowsProcessed, 0),
    });
  }
  const cancelled = options.signal?.aborted ? (options.signal.reason as Error) : undefined;
  const status = cancelled ? 'failed' : groupRunStatus(children.map((child) => child.status));
  const failed = children.filter((child) => child.status !== 'completed');
  const error = cancelled
    ? errorOf(cancelled)
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
  await finishJob(context.db, id, {
    status,
    error,
    progress: 100,
    rows_processed: rowsProcessed,
    rows_inserted: rowsInserted,
  });
  return { id, status, rowsProcessed, rowsInserted, ms: Date.now() - started, error, children };
};
