import { type TSyncErrorObject, type TSyncJob } from '@portal/domain/data-sync-api';
import {
  ZScheduleSpec,
  type TSchedule,
  type TScheduleSpec,
} from '@portal/domain/data-sync-schedule-api';
import {
  SYNC_ERROR_CATEGORIES,
  redactSyncMessage,
  type TSyncErrorCategory,
} from '@portal/domain/sync-errors';
import {
  SYNC_MODES,
  type TSyncJobStatus,
  type TSyncJobType,
  type TSyncLogLevel,
  type TSyncMode,
} from '@portal/domain/sync-job';
import type { TSyncJobRow } from '../../sync/jobs';
import type { TJobContext, TScheduleRow } from './repository';

export const isoTime = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

const categoryOf = (value: string | null): TSyncErrorCategory =>
  SYNC_ERROR_CATEGORIES.find((category) => category === value) ?? 'unknown_error';

const suggestionsOf = (raw: string | null): string[] => {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

/**
 * Who reads a job: an admin sees its error whole, with the stack trace and the SQL it
 * ran; anyone else a first line without file paths or quoted SQL (issue 28).
 */
export type TJobViewer = { admin: boolean };

/** The spec's error object: message, category, suggestions, details, stack_trace. */
const errorOf = (row: TSyncJobRow, viewer: TJobViewer): TSyncErrorObject | null =>
  row.error_message === null
    ? null
    : {
        message: viewer.admin ? row.error_message : redactSyncMessage(row.error_message),
        category: categoryOf(row.error_category),
        suggestions: suggestionsOf(row.error_suggestions),
        details: row.error_details,
        stack_trace: viewer.admin ? row.error_stack : null,
      };

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

const modeOf = (value: string | null): TSyncMode | null =>
  SYNC_MODES.find((mode) => mode === value) ?? null;

const NO_CONTEXT: TJobContext = { groups: new Map(), children: new Map() };

/** 'Full sync › orders' for a mapping of a group run, the group's name for the run itself. */
const nameOf = (row: TSyncJobRow, groupName: string | null) => {
  const table = row.mysql_table ?? 'ad-hoc query';
  if (row.type === 'group') {
    return groupName ?? row.group_id ?? 'Sync group run';
  }
  return row.group_id ? `${groupName ?? row.group_id} › ${table}` : `Ad-hoc sync › ${table}`;
};

/**
 * A group run's figures from its mapping jobs: rows are theirs summed (the run's own row
 * holds 0 until it ends), and while it runs, progress moves within each mapping.
 */
const groupFigures = (row: TSyncJobRow, context: TJobContext, mappings: number) => {
  const totals = row.type === 'group' ? context.children.get(row.id) : undefined;
  if (!totals) {
    return {
      progress: row.progress,
      rowsInserted: row.rows_inserted,
      rowsProcessed: row.rows_processed,
    };
  }
  const within =
    row.status === 'running' && mappings > 0
      ? Math.min(99, Math.floor(totals.progressSum / mappings))
      : row.progress;
  return {
    progress: Math.max(row.progress, within),
    rowsInserted: Math.max(row.rows_inserted, totals.rowsInserted),
    rowsProcessed: Math.max(row.rows_processed, totals.rowsProcessed),
  };
};

/** The API's job; `context` (jobContextOf) adds its name, tables and a group run's totals. */
export const presentJob = (
  row: TSyncJobRow,
  viewer: TJobViewer,
  context: TJobContext = NO_CONTEXT,
): TSyncJob => {
  const group = row.group_id ? context.groups.get(row.group_id) : undefined;
  const tables =
    row.type === 'group' ? (group?.tables ?? []) : row.mysql_table ? [row.mysql_table] : [];
  const figures = groupFigures(row, context, group?.mappings ?? 0);
  return {
    id: row.id,
    name: nameOf(row, group?.name ?? null),
    group_name: group?.name ?? null,
    destination_tables: tables,
    type: row.type as TSyncJobType,
    status: row.status as TSyncJobStatus,
    progress: figures.progress,
    source: row.source,
    destination: row.destination,
    mysql_table: row.mysql_table,
    group_id: row.group_id,
    parent_id: row.parent_id,
    start_time: isoTime(row.start_time)!,
    end_time: isoTime(row.end_time),
    duration_ms: row.end_time === null ? null : row.end_time - row.start_time,
    rows_inserted: figures.rowsInserted,
    rows_processed: figures.rowsProcessed,
    source_count: nullableNumber(row.source_count),
    destination_count: nullableNumber(row.destination_count),
    triggered_by: row.triggered_by,
    error: errorOf(row, viewer),
    cancel_requested_by: row.cancel_requested_by,
    retry_wait:
      row.status === 'running' && row.retry_at !== null
        ? {
            retry_at: isoTime(row.retry_at)!,
            attempt: row.retry_attempt ?? 1,
            attempts: row.retry_max ?? 1,
          }
        : null,
    sync_mode: modeOf(row.sync_mode),
    incremental_since: row.incremental_since,
    rows_changed: nullableNumber(row.rows_changed),
  };
};

type TLogRow = { timestamp: number; level: string; message: string };

/** The lines that quote the SQL a job ran (runner.ts logs it at debug level). */
const quotesSql = (log: TLogRow) => log.message.startsWith('Warehouse query:');

/** A job's log as the viewer may read it: without the SQL lines, and redacted, for non-admins. */
export const presentLogs = (logs: TLogRow[], viewer: TJobViewer) =>
  logs
    .filter((log) => viewer.admin || !quotesSql(log))
    .map((log) => ({
      timestamp: isoTime(log.timestamp)!,
      level: log.level as TSyncLogLevel,
      message: viewer.admin ? log.message : redactSyncMessage(log.message),
    }));

/** A stored schedule; rows written by this version always parse. */
export const specOf = (row: Pick<TScheduleRow, 'schedule'>): TScheduleSpec =>
  ZScheduleSpec.parse(JSON.parse(row.schedule));

export const presentSchedule = (
  row: TScheduleRow,
  options: { groupName: string | undefined; schedulerRunning: boolean },
): TSchedule => ({
  id: row.id,
  group_id: row.group_id,
  group_name: options.groupName ?? row.group_id,
  schedule: specOf(row),
  enabled: row.enabled === 1,
  next_run: options.schedulerRunning ? isoTime(row.next_run_at) : null,
  last_run: isoTime(row.last_run_at),
  last_job_id: row.last_job_id,
  last_result: row.last_result,
});
