import type { Kysely } from 'kysely';

/**
 * What an incremental mapping's run did (issue 33), so the console can say 'incremental
 * since …' or 'full reload' and how many rows changed. All null for a job whose mappings
 * are not incremental, and for a run that failed before it committed.
 * - sync_mode: 'incremental' or 'full' (the run reloaded the whole table).
 * - incremental_since: the high-water mark the run started from, as the warehouse writes
 *   it ('2026-11-25 13:02:11.123'); null on a full reload.
 * - rows_changed: the keys the run deleted or upserted (a full reload: every row loaded).
 * A group run's row holds its mappings' figures combined (sync/runner.ts).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('sync_jobs').addColumn('sync_mode', 'varchar(16)').execute();
  await db.schema.alterTable('sync_jobs').addColumn('incremental_since', 'varchar(40)').execute();
  await db.schema.alterTable('sync_jobs').addColumn('rows_changed', 'bigint').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('sync_jobs').dropColumn('rows_changed').execute();
  await db.schema.alterTable('sync_jobs').dropColumn('incremental_since').execute();
  await db.schema.alterTable('sync_jobs').dropColumn('sync_mode').execute();
};
