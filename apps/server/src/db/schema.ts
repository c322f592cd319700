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
};

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
};
