import { sql, type Kysely } from 'kysely';
import { isMysql } from './columns';

/**
 * Issue 31. The schedule list's version: a counter on the scheduler's row that every
 * change of a schedule moves on, so a list saved whole over someone else's change is
 * refused rather than erasing it. Failure alerts: each ended scheduled run is looked at
 * once (alert_checked_at, claimed by a conditional update), and sync_alerts holds one
 * row per group whose failure was mailed, open until a run of the group succeeds.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('sync_scheduler')
    .addColumn('schedules_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sync_jobs').addColumn('alert_checked_at', 'bigint').execute();
  // Runs that ended before alerts existed are not news: no mail for them.
  await sql`update sync_jobs set alert_checked_at = 0 where status <> 'running'`.execute(db);
  await db.schema
    .createIndex('sync_jobs_alert_idx')
    .on('sync_jobs')
    .columns(['alert_checked_at', 'schedule_id'])
    .execute();
  await db.schema
    .createTable('sync_alerts')
    .addColumn('group_id', 'varchar(64)', (c) => c.primaryKey().notNull())
    // The failed run that opened the alert, and the newest one grouped under it.
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('last_job_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    // When admins were last mailed about the group; null when none was (within the window).
    .addColumn('mailed_at', 'bigint')
    // Null while open: a run of the group that succeeds closes it.
    .addColumn('resolved_at', 'bigint')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('sync_alerts').execute();
  const drop = db.schema.dropIndex('sync_jobs_alert_idx');
  await (isMysql(db) ? drop.on('sync_jobs') : drop).execute();
  await db.schema.alterTable('sync_jobs').dropColumn('alert_checked_at').execute();
  await db.schema.alterTable('sync_scheduler').dropColumn('schedules_version').execute();
};
