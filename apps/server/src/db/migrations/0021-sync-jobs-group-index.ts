import type { Kysely } from 'kysely';
import { isMysql } from './columns';

/**
 * Each group card shows its group's newest run (lastJobPerGroup in
 * modules/data-sync/repository.ts), and the console reads a group's runs by group and
 * time (alerts, first start). Checked with EXPLAIN on 20,000 jobs (issue 31):
 * PostgreSQL reads lastJobPerGroup's top-level jobs from this index already in group
 * order (an incremental sort, not a full one); SQLite and MariaDB find them through
 * sync_jobs_parent_idx (parent_id IS NULL is the narrower condition there) and sort
 * only those. Lookups of one group's runs (group_id = ?) can use it on all three.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createIndex('sync_jobs_group_start_idx')
    .on('sync_jobs')
    .columns(['group_id', 'start_time'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  const drop = db.schema.dropIndex('sync_jobs_group_start_idx');
  // Only MySQL names the table an index belongs to.
  await (isMysql(db) ? drop.on('sync_jobs') : drop).execute();
};
