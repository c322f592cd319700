import type { Generated } from 'kysely';

/** Sync groups, jobs and logs (migration 0004). */
export type SyncGroupsTable = {
  id: string;
  name: string;
  description: Generated<string>;
  mappings: string;
  is_default: Generated<number>;
  position: Generated<number>;
  created_at: number;
  updated_at: number;
  /** The group run holding the group (migration 0009); null when none runs. */
  running_job_id: string | null;
};

/** Data-sync schedules (migration 0009); schedule is ZScheduleSpec as JSON. */
export type SyncSchedulesTable = {
  id: string;
  group_id: string;
  schedule: string;
  enabled: Generated<number>;
  position: Generated<number>;
  next_run_at: number | null;
  last_run_at: number | null;
  last_job_id: string | null;
  last_result: string | null;
  created_at: number;
  updated_at: number;
};

/** The scheduler's on/off state, one row with id 'scheduler' (migration 0009). */
export type SyncSchedulerTable = {
  id: string;
  running: number;
  started_at: number | null;
  stopped_at: number | null;
  changed_by: string | null;
  error: string | null;
  /** Migration 0019: moved on by every change of a schedule (the list's version). */
  schedules_version: Generated<number>;
};

export type SyncJobsTable = {
  id: string;
  type: string;
  status: string;
  progress: Generated<number>;
  source: string;
  destination: string;
  mysql_table: string | null;
  group_id: string | null;
  parent_id: string | null;
  start_time: number;
  end_time: number | null;
  rows_inserted: Generated<number>;
  rows_processed: Generated<number>;
  error_message: string | null;
  error_category: string | null;
  error_suggestions: string | null;
  error_details: string | null;
  error_stack: string | null;
  source_count: number | null;
  destination_count: number | null;
  source_checksum: string | null;
  destination_checksum: string | null;
  runner: string | null;
  heartbeat_at: number | null;
  /** Migration 0009: the mapping a mapping job ran (JSON), who started it, its schedule. */
  mapping: string | null;
  triggered_by: string | null;
  schedule_id: string | null;
  /** Migration 0015: a cancel asked for (by whom) while the job runs. */
  cancel_requested_at: number | null;
  cancel_requested_by: string | null;
  /** Migration 0020: while waiting to retry, when the next attempt starts, which retry of how many. */
  retry_at: number | null;
  retry_attempt: number | null;
  retry_max: number | null;
  /** Migration 0019: when an ended scheduled run was looked at for failure alerts. */
  alert_checked_at: number | null;
  /** Migration 0024: an incremental mapping's run: 'incremental' or 'full', its mark, keys changed. */
  sync_mode: string | null;
  incremental_since: string | null;
  rows_changed: number | null;
};

/** One row per group whose scheduled runs fail (migration 0019); see data-sync/alerts.ts. */
export type SyncAlertsTable = {
  group_id: string;
  job_id: string;
  last_job_id: string;
  failures: Generated<number>;
  opened_at: number;
  mailed_at: number | null;
  resolved_at: number | null;
};

export type SyncJobLogsTable = {
  id: Generated<number>;
  job_id: string;
  timestamp: number;
  level: string;
  message: string;
};
