import type { Generated } from 'kysely';
import type {
  SoClassificationsTable,
  PatientsTable,
  IntakePatientsTable,
  DoctorsTable,
  PayorsTable,
  PatientPayorsTable,
  OrdersTable,
  OrderItemsTable,
  OrderStatusHistoryTable,
} from './erp-schema';
import type {
  SyncGroupsTable,
  SyncSchedulesTable,
  SyncSchedulerTable,
  SyncAlertsTable,
  SyncJobsTable,
  SyncJobLogsTable,
} from './sync-schema';
import type {
  NotificationEventsTable,
  NotificationOrderStatesTable,
  NotificationScansTable,
  NotificationSettingsTable,
  NotificationsTable,
} from './notification-schema';
import type {
  LoginChallengesTable,
  MfaRolePoliciesTable,
  UserFactorsTable,
  UserRecoveryCodesTable,
} from './mfa-schema';
import type { PasskeyCredentialsTable, WebauthnChallengesTable } from './passkey-schema';

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
  /** Migration 0033: when a handed-out temporary password stops working; null otherwise. */
  temporary_password_expires_at: Generated<number | null>;
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
  /** 1 while the user must enrol a second factor before anything else (migration 0031). */
  mfa_enrolment_required: Generated<number>;
};

export type PasswordResetTokensTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  /** Migration 0033: 'reset' (forgot password) or 'invitation' (first access). */
  purpose: Generated<TTokenPurpose>;
};

export type TTokenPurpose = 'reset' | 'invitation';

/** Email changes waiting for the link mailed to the new address (migration 0016). */
export type EmailChangesTable = {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
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

/** The secrets that sign sessions, shared by every process (migration 0022, lib/secrets-store.ts). */
export type PortalSecretsTable = {
  name: string;
  /** 'generated' or 'configured'. */
  mode: string;
  fingerprint: string;
  previous_fingerprint: string | null;
  sealed: string | null;
  version: number;
  created_at: number;
  rotated_at: number | null;
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
  /** Migration 0028: 'notification' for notification mails, null for the rest. */
  kind: string | null;
  /** Extra headers as a JSON object (List-Unsubscribe). */
  headers: string | null;
  /** When the mail server refused the mail for good (SMTP 5xx); it is not retried. */
  bounced_at: number | null;
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

export type {
  SoClassificationsTable,
  PatientsTable,
  IntakePatientsTable,
  DoctorsTable,
  PayorsTable,
  PatientPayorsTable,
  OrdersTable,
  OrderItemsTable,
  OrderStatusHistoryTable,
} from './erp-schema';
export type {
  SyncGroupsTable,
  SyncSchedulesTable,
  SyncSchedulerTable,
  SyncAlertsTable,
  SyncJobsTable,
  SyncJobLogsTable,
} from './sync-schema';

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

/** Order counts per patient and classification ('' for none); migration 0014. */
export type PatientOrderCountsTable = {
  patient_key: string;
  classification_key: string;
  order_count: number;
  in_progress_count: number;
  shipped_count: number;
  pending_docs_count: number;
};

/** Each patient's phone and mobile as 10 digits, per payor, for the search; migration 0018. */
export type PatientPhonesTable = {
  payor_key: string;
  digits: string;
  patient_key: string;
};

/** The worklist (migration 0017): one row per order whose patient exists. */
export type OrderWorklistTable = {
  order_id: string;
  so_number: string | null;
  patient_key: string;
  payor_key: string | null;
  last_name: string | null;
  first_name: string | null;
  patient_id: string | null;
  dob: string | null;
  sort_last: string;
  sort_first: string;
  status: string | null;
  intake_status: string | null;
  /** 'action_items', 'in_progress', 'shipped' or '' (no group). */
  view_group: string;
  shipped_view: number;
  so_classification_key: string | null;
  so_classification_name: string | null;
  date_created: number | null;
  date_key: number;
  status_since: number | null;
  since_key: number;
  tracking_number: string | null;
  carrier: string | null;
  delivery_status: string | null;
  delivery_date: string | null;
};

/** Orders per payor, classification ('' for none) and view columns; migration 0017. */
export type OrderWorklistCountsTable = {
  payor_key: string;
  classification_key: string;
  view_group: string;
  shipped_view: number;
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
  email_changes: EmailChangesTable;
  auth_attempts: AuthAttemptsTable;
  audit_log: AuditLogTable;
  housekeeping_runs: HousekeepingRunsTable;
  portal_secrets: PortalSecretsTable;
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
  sync_alerts: SyncAlertsTable;
  user_favorites: UserFavoritesTable;
  user_preferences: UserPreferencesTable;
  documents: DocumentsTable;
  admin_documents: AdminDocumentsTable;
  admin_document_versions: AdminDocumentVersionsTable;
  analytics_processing_days: AnalyticsProcessingDaysTable;
  analytics_status_days: AnalyticsStatusDaysTable;
  analytics_patient_days: AnalyticsPatientDaysTable;
  analytics_refresh: AnalyticsRefreshTable;
  patient_order_counts: PatientOrderCountsTable;
  order_worklist: OrderWorklistTable;
  order_worklist_counts: OrderWorklistCountsTable;
  patient_phones: PatientPhonesTable;
  notification_order_states: NotificationOrderStatesTable;
  notification_scans: NotificationScansTable;
  notification_events: NotificationEventsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  user_factors: UserFactorsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  passkey_credentials: PasskeyCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  mfa_role_policies: MfaRolePoliciesTable;
};
