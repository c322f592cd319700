import type { Generated } from 'kysely';

/**
 * Table types. Conventions that hold on SQLite, MariaDB and PostgreSQL alike:
 * timestamps are epoch milliseconds in BIGINT columns, flags are 0/1 integers,
 * and dates without time are 'YYYY-MM-DD' strings.
 */
export type UsersTable = {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string | null;
  role: string;
  payor_key: string | null;
  patient_key: string | null;
  password_reset_required: Generated<number>;
  filter_preferences_shown: Generated<number>;
  is_active: Generated<number>;
  is_demo: Generated<number>;
  password_changed_at: number | null;
  created_at: number;
  updated_at: number;
  /** Migration 0011: the details a bulk upload names; null for accounts made otherwise. */
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  title: string | null;
  office: string | null;
};

export type SessionsTable = {
  id: string;
  user_id: number;
  family_id: string;
  remember_me: Generated<number>;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  refresh_jti: string | null;
  previous_refresh_jti: string | null;
  rotated_at: number | null;
};

export type PasswordResetTokensTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
};

export type AuthAttemptsTable = {
  id: string;
  kind: string;
  scope: string;
  subject: string;
  at: number;
  failed: Generated<number>;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  action: string;
  ip: string | null;
  patient_key: string | null;
  detail: string | null;
  /** 'allowed' or 'denied' (migration 0007). */
  outcome: Generated<string>;
};

/** Periodic jobs claimed in the database, so one process of many runs each (migration 0007). */
export type HousekeepingRunsTable = {
  name: string;
  next_run_at: number;
  claimed_by: string | null;
  claimed_at: number | null;
  finished_at: number | null;
  last_result: string | null;
};

export type MailOutboxTable = {
  id: Generated<number>;
  created_at: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: Generated<number>;
  next_attempt_at: number;
  locked_until: number | null;
  sent_at: number | null;
  last_error: string | null;
};

/** Contact Support messages (migration 0008); mailed to SUPPORT_EMAIL through the outbox. */
export type ContactMessagesTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  created_at: number;
};

/** ERP tables: filled only by the sync engine (migration 0003). Keys are strings. */
export type SoClassificationsTable = {
  so_classification_key: string;
  name: string | null;
  description: string | null;
};

type TAddress<P extends string> = {
  [K in `${P}_street` | `${P}_suite` | `${P}_city` | `${P}_state` | `${P}_zip`]: string | null;
};

export type PatientsTable = {
  patient_key: string;
  patient_id: string | null;
  first_name: string | null;
  last_name: string | null;
  dob: string | null;
  phone: string | null;
  phone_mobile: string | null;
  email: string | null;
  doctor_key: string | null;
  payor_key: string | null;
  created_at: number | null;
} & TAddress<'b'> &
  TAddress<'d'>;

export type IntakePatientsTable = {
  patient_key: string;
  patient_id: string | null;
  first_name: string | null;
  last_name: string | null;
  dob: string | null;
  phone: string | null;
  payor_key: string | null;
};

export type DoctorsTable = {
  doctor_key: string;
  first_name: string | null;
  last_name: string | null;
  npi: string | null;
  phone: string | null;
  street: string | null;
  suite: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

export type PayorsTable = {
  payor_key: string;
  company_key: string | null;
  company_name: string | null;
  payor_type: string | null;
};

export type PatientPayorsTable = {
  patient_payor_key: string;
  patient_key: string | null;
  payor_key: string | null;
  level: string | null;
  level_rank: number | null;
  company_name: string | null;
};

export type OrdersTable = {
  order_id: string;
  so_number: string | null;
  patient_key: string | null;
  doctor_key: string | null;
  date_created: number | null;
  status: string | null;
  delivery_status: string | null;
  delivery_date: string | null;
  tracking_number: string | null;
  carrier: string | null;
  intake_status: string | null;
  so_classification_key: string | null;
  so_classification_name: string | null;
};

export type OrderItemsTable = {
  order_item_key: string;
  order_id: string | null;
  so_number: string | null;
  item_key: string | null;
  item_id: string | null;
  item_name: string | null;
  description: string | null;
  sku: string | null;
  hcpcs_code: string | null;
  quantity: number | null;
};

export type OrderStatusHistoryTable = {
  status_history_key: string;
  order_id: string | null;
  status: string | null;
  entered_at: number | null;
  exited_at: number | null;
};

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
};

export type SyncJobLogsTable = {
  id: Generated<number>;
  job_id: string;
  timestamp: number;
  level: string;
  message: string;
};

/** Per-user favourites and preferences (migration 0005). */
export type UserFavoritesTable = {
  user_id: number;
  patient_key: string;
  created_at: number;
};

export type UserPreferencesTable = {
  user_id: number;
  kind: string;
  value: string;
  created_at: number;
};

/** Uploaded documents (migration 0010); ERP keys without foreign keys. */
export type DocumentsTable = {
  id: string;
  storage_key: string;
  file_name: string;
  file_type: string;
  content_type: string;
  size: number;
  description: string | null;
  uploaded_by_user_id: number | null;
  uploaded_by: string;
  order_identifier: string;
  order_id: string | null;
  order_number: string | null;
  patient_key: string;
  created_at: number;
};

/** Admin documentation (migration 0012): each document as it is now. */
export type AdminDocumentsTable = {
  id: Generated<number>;
  title: string;
  content: string;
  category: string;
  is_fixed: number;
  version: number;
  updated_by_user_id: number | null;
  updated_by: string;
  updated_at: number;
  change_notes: string | null;
  created_at: number;
};

/** Every saved version of an admin document, the current one included. */
export type AdminDocumentVersionsTable = {
  id: Generated<number>;
  doc_id: number;
  version: number;
  title: string;
  content: string;
  category: string;
  is_fixed: number;
  updated_by_user_id: number | null;
  updated_by: string;
  updated_at: number;
  change_notes: string | null;
};

/** Analytics summaries (migration 0013), refilled with each orders or status-history load. */
export type AnalyticsProcessingDaysTable = {
  day: number;
  category: string;
  order_count: number;
  total_ms: number;
};

export type AnalyticsStatusDaysTable = {
  day: number;
  status: string;
  order_count: number;
  total_ms: number;
  min_ms: number;
  max_ms: number;
};

export type AnalyticsPatientDaysTable = {
  patient_key: string;
  day: number;
  category: string;
  order_count: number;
};

export type AnalyticsRefreshTable = {
  id: number;
  refreshed_at: number;
  version: number;
};

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  auth_attempts: AuthAttemptsTable;
  audit_log: AuditLogTable;
  housekeeping_runs: HousekeepingRunsTable;
  mail_outbox: MailOutboxTable;
  contact_messages: ContactMessagesTable;
  so_classifications: SoClassificationsTable;
  patients: PatientsTable;
  intake_patients: IntakePatientsTable;
  doctors: DoctorsTable;
  payors: PayorsTable;
  patient_payors: PatientPayorsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  sync_groups: SyncGroupsTable;
  sync_jobs: SyncJobsTable;
  sync_job_logs: SyncJobLogsTable;
  sync_schedules: SyncSchedulesTable;
  sync_scheduler: SyncSchedulerTable;
  user_favorites: UserFavoritesTable;
  user_preferences: UserPreferencesTable;
  documents: DocumentsTable;
  admin_documents: AdminDocumentsTable;
  admin_document_versions: AdminDocumentVersionsTable;
  analytics_processing_days: AnalyticsProcessingDaysTable;
  analytics_status_days: AnalyticsStatusDaysTable;
  analytics_patient_days: AnalyticsPatientDaysTable;
  analytics_refresh: AnalyticsRefreshTable;
};
