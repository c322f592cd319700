import { sql, type Kysely } from 'kysely';
import { dialectOfDb } from '../database';
import { idColumn, isMysql } from './columns';

/**
 * Notifications (issue 34).
 * - notification_order_states: what the last scan saw of each order (in Action Items,
 *   shipped, delivered) and how often its row changed; a scan compares the worklist with
 *   it, so a change is found once however often the sync loads the same rows.
 * - notification_scans: one row; the scan's claim (one process at a time), the data
 *   version it last read and when it last looked for orders that waited too long.
 * - notification_events: each change once; dedupe_key is derived from the order and the
 *   state the scan read, so two scans of the same change write one row.
 * - notifications: an event for one user (unique per user and event), read or not, and
 *   where its email stands: 'none', 'pending' (instant, not yet mailed), 'digest'
 *   (waiting for the user's digest) or 'mailed' (in the outbox as mail_id).
 * - notification_settings: a user's choices as JSON (@portal/domain/notifications-api),
 *   and the local day of their last digest, claimed by a conditional update.
 * - mail_outbox gains the mail's kind, extra headers (List-Unsubscribe) and when the mail
 *   server refused it for good.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const states = db.schema
    .createTable('notification_order_states')
    .addColumn('order_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('action_items', 'smallint', (c) => c.notNull())
    .addColumn('shipped', 'smallint', (c) => c.notNull())
    .addColumn('delivered', 'smallint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull());
  // SQLite: the rows live in the key's own tree, so the scan's probe of each order is one
  // lookup, not the key's index and then the table (2.1 s -> see docs/benchmarks.md at 110k).
  await (dialectOfDb(db) === 'sqlite' ? states.modifyEnd(sql`WITHOUT ROWID`) : states).execute();
  await db.schema
    .createTable('notification_scans')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('data_version', 'bigint')
    .addColumn('scanned_at', 'bigint')
    .addColumn('waiting_checked_at', 'bigint')
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_until', 'bigint')
    .execute();
  await idColumn(db, db.schema.createTable('notification_events'))
    .addColumn('dedupe_key', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('so_number', 'varchar(64)')
    .addColumn('patient_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('payor_key', 'varchar(64)')
    .addColumn('classification_key', 'varchar(64)')
    .addColumn('status', 'varchar(255)')
    .addColumn('days', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await idColumn(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('notification_events.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('in_app', 'smallint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('email_state', 'varchar(8)', (c) => c.notNull())
    .addColumn('mail_id', 'integer')
    .execute();
  await db.schema
    .createIndex('notifications_user_event_idx')
    .unique()
    .on('notifications')
    .columns(['user_id', 'event_id'])
    .execute();
  // The list (newest first) and the bell's unread count.
  await db.schema
    .createIndex('notifications_user_list_idx')
    .on('notifications')
    .columns(['user_id', 'in_app', 'read_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_email_idx')
    .on('notifications')
    .columns(['email_state', 'user_id'])
    .execute();
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('last_digest_day', 'varchar(10)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('kind', 'varchar(32)').execute();
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('bounced_at', 'bigint').execute();
  await db.schema
    .createIndex('mail_outbox_kind_idx')
    .on('mail_outbox')
    .columns(['kind', 'created_at'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  const drop = db.schema.dropIndex('mail_outbox_kind_idx');
  await (isMysql(db) ? drop.on('mail_outbox') : drop).execute();
  await db.schema.alterTable('mail_outbox').dropColumn('bounced_at').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('kind').execute();
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('notification_events').execute();
  await db.schema.dropTable('notification_scans').execute();
  await db.schema.dropTable('notification_order_states').execute();
};
