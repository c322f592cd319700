import type { Kysely } from 'kysely';

/**
 * A job waiting to try again after a connection failure records when the next attempt
 * starts and which retry of how many it is, so Job Details can count down to it
 * (issue 31). All null while the job is not waiting.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('sync_jobs').addColumn('retry_at', 'bigint').execute();
  await db.schema.alterTable('sync_jobs').addColumn('retry_attempt', 'integer').execute();
  await db.schema.alterTable('sync_jobs').addColumn('retry_max', 'integer').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('sync_jobs').dropColumn('retry_max').execute();
  await db.schema.alterTable('sync_jobs').dropColumn('retry_attempt').execute();
  await db.schema.alterTable('sync_jobs').dropColumn('retry_at').execute();
};
