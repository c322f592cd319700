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

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  auth_attempts: AuthAttemptsTable;
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
};
