import type { Kysely } from 'kysely';
import { idColumn } from './columns';

/** Sync groups, the jobs that run them and the jobs' logs (staff-tools.md section 3). */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('sync_groups')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    // The mappings as JSON (validated with ZMapping on the way in and out).
    .addColumn('mappings', 'text', (c) => c.notNull())
    .addColumn('is_default', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey().notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'varchar(255)', (c) => c.notNull())
    .addColumn('destination', 'varchar(255)', (c) => c.notNull())
    .addColumn('mysql_table', 'varchar(64)')
    .addColumn('group_id', 'varchar(64)')
    // A mapping's job points at its group run's job.
    .addColumn('parent_id', 'varchar(36)')
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint')
    .addColumn('rows_inserted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_message', 'text')
    .addColumn('error_category', 'varchar(32)')
    .addColumn('error_suggestions', 'text')
    .addColumn('error_details', 'text')
    .addColumn('error_stack', 'text')
    // Reconciliation after the load.
    .addColumn('source_count', 'integer')
    .addColumn('destination_count', 'integer')
    .addColumn('source_checksum', 'varchar(32)')
    .addColumn('destination_checksum', 'varchar(32)')
    // Which process runs the job, so a restart can tell a crashed run from a live one.
    .addColumn('runner', 'varchar(255)')
    .addColumn('heartbeat_at', 'bigint')
    .execute();
  await db.schema.createIndex('sync_jobs_start_idx').on('sync_jobs').column('start_time').execute();
  await db.schema
    .createIndex('sync_jobs_status_idx')
    .on('sync_jobs')
    .columns(['status', 'start_time'])
    .execute();
  await db.schema.createIndex('sync_jobs_parent_idx').on('sync_jobs').column('parent_id').execute();

  await idColumn(db, db.schema.createTable('sync_job_logs'))
    .addColumn('job_id', 'varchar(36)', (c) =>
      c.notNull().references('sync_jobs.id').onDelete('cascade'),
    )
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addColumn('level', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sync_job_logs_job_idx')
    .on('sync_job_logs')
    .columns(['job_id', 'id'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('sync_job_logs').execute();
  await db.schema.dropTable('sync_jobs').execute();
  await db.schema.dropTable('sync_groups').execute();
};
