import type { Generated } from 'kysely';

/** Notifications (migration 0028, modules/notifications). */
export type NotificationOrderStatesTable = {
  order_id: string;
  action_items: number;
  shipped: number;
  delivered: number;
  version: number;
};

export type NotificationScansTable = {
  id: number;
  data_version: number | null;
  scanned_at: number | null;
  waiting_checked_at: number | null;
  claimed_by: string | null;
  claimed_until: number | null;
  /** A SQLite baseline under way: the last worklist rowid recorded, and the version read. */
  baseline_through: number | null;
  baseline_version: number | null;
};

export type NotificationEventsTable = {
  id: Generated<number>;
  dedupe_key: string;
  kind: string;
  order_id: string;
  so_number: string | null;
  patient_key: string;
  payor_key: string | null;
  classification_key: string | null;
  status: string | null;
  days: number | null;
  created_at: number;
};

export type NotificationsTable = {
  id: Generated<number>;
  user_id: number;
  event_id: number;
  created_at: number;
  in_app: number;
  read_at: number | null;
  /** 'none', 'pending', 'digest' or 'mailed'. */
  email_state: string;
  mail_id: number | null;
};

export type NotificationSettingsTable = {
  user_id: number;
  settings: string;
  last_digest_day: string | null;
  updated_at: number;
};
