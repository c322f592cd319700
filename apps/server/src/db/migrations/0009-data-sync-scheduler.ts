import type { Kysely } from 'kysely';
import { isMysql } from './columns';

/**
 * The data-sync console (issue 12): schedules and the scheduler's on/off state live in
 * the database, so they survive a restart and every portal process sharing the database
 * sees the same ones. A due run is claimed by moving its schedule's next_run_at with a
 * conditional update, and a group run by setting its group's running_job_id the same
 * way, so neither depends on what one process remembers.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('sync_schedules')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey().notNull())
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
    // The schedule as the API names its fields (ZScheduleSpec), as JSON.
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    // Null while disabled or while the scheduler is stopped.
    .addColumn('next_run_at', 'bigint')
    .addColumn('last_run_at', 'bigint')
    .addColumn('last_job_id', 'varchar(36)')
    .addColumn('last_result', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sync_schedules_due_idx')
    .on('sync_schedules')
    .columns(['enabled', 'next_run_at'])
    .execute();

  // One row, id 'scheduler'; made on first use.
  await db.schema
    .createTable('sync_scheduler')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey().notNull())
    .addColumn('running', 'smallint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('stopped_at', 'bigint')
    .addColumn('changed_by', 'varchar(255)')
    .addColumn('error', 'varchar(1000)')
    .execute();

  // The job running the group now; set only by a conditional update (see data-sync/claims.ts).
  await db.schema.alterTable('sync_groups').addColumn('running_job_id', 'varchar(36)').execute();
  // What a mapping job ran (for data samples), who started it, and from which schedule.
  // One statement per column: SQLite adds one column at a time.
  await db.schema.alterTable('sync_jobs').addColumn('mapping', 'text').execute();
  await db.schema.alterTable('sync_jobs').addColumn('triggered_by', 'varchar(255)').execute();
  await db.schema.alterTable('sync_jobs').addColumn('schedule_id', 'varchar(36)').execute();
  await db.schema
    .createIndex('sync_jobs_table_idx')
    .on('sync_jobs')
    .columns(['mysql_table', 'status', 'end_time'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  const drop = db.schema.dropIndex('sync_jobs_table_idx');
  await (isMysql(db) ? drop.on('sync_jobs') : drop).execute();
  for (const column of ['schedule_id', 'triggered_by', 'mapping']) {
    await db.schema.alterTable('sync_jobs').dropColumn(column).execute();
  }
  await db.schema.alterTable('sync_groups').dropColumn('running_job_id').execute();
  await db.schema.dropTable('sync_scheduler').execute();
  await db.schema.dropTable('sync_schedules').execute();
};
