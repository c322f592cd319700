import type { Kysely } from 'kysely';

/**
 * A running sync job can be cancelled from any process: the request is a column of the
 * job's row, and the process running the job looks at it while it runs and interrupts
 * the warehouse query (modules/data-sync/cancel.ts).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('sync_jobs').addColumn('cancel_requested_at', 'bigint').execute();
  await db.schema
    .alterTable('sync_jobs')
    .addColumn('cancel_requested_by', 'varchar(255)')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('sync_jobs').dropColumn('cancel_requested_by').execute();
  await db.schema.alterTable('sync_jobs').dropColumn('cancel_requested_at').execute();
};
