import type { Kysely } from 'kysely';

/**
 * Issue 33: the orders whose worklist rows a group's incremental loads left to bring up to
 * date once, after the group's last mapping (sync/derived-later.ts). Each load adds the
 * orders it changed in its own transaction; the step after the group computes their rows
 * afresh and empties the table in one transaction, so a run that stops between the two
 * leaves them for the next.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('sync_worklist_pending')
    .addColumn('order_id', 'varchar(64)', (c) => c.primaryKey())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('sync_worklist_pending').execute();
};
