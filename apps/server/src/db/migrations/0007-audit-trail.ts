import type { Kysely } from 'kysely';
import { isMysql } from './columns';

/**
 * The audit trail an admin reads (issue 10): every read of patient data is a row,
 * allowed or denied, so rows carry their outcome; the admin's filters need an index
 * per filter; and the daily purge past AUDIT_RETENTION_DAYS is claimed in the
 * database, so several portal processes on one database run it once.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('audit_log')
    // Every row written before this migration recorded an action that happened.
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull().defaultTo('allowed'))
    .execute();
  // at, (user_id, at) and (patient_key, at) exist since 0002; the action and outcome
  // filters, and the list reads the patient filter scans, start from these.
  await db.schema
    .createIndex('audit_log_action_idx')
    .on('audit_log')
    .columns(['action', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_outcome_idx')
    .on('audit_log')
    .columns(['outcome', 'at'])
    .execute();

  // One row per periodic job. A process runs the job only after moving next_run_at
  // forward with a conditional update; the database lets exactly one of them do so.
  await db.schema
    .createTable('housekeeping_runs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('last_result', 'varchar(255)')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('housekeeping_runs').execute();
  for (const name of ['audit_log_outcome_idx', 'audit_log_action_idx']) {
    const drop = db.schema.dropIndex(name);
    await (isMysql(db) ? drop.on('audit_log') : drop).execute();
  }
  await db.schema.alterTable('audit_log').dropColumn('outcome').execute();
};
