import type { Kysely } from 'kysely';

/**
 * Issue 33: a SQLite portal's first notification scan records the orders' states a window
 * of the worklist at a time, each window committed with how far it got (notifications/
 * baseline.ts): baseline_through is the last rowid recorded while a baseline is under way
 * (NULL otherwise), baseline_version the data version its windows read. A scan that finds
 * them set finishes the baseline instead of taking the orders not yet recorded for news.
 * One column per statement: SQLite adds one at a time.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('notification_scans')
    .addColumn('baseline_through', 'bigint')
    .execute();
  await db.schema
    .alterTable('notification_scans')
    .addColumn('baseline_version', 'bigint')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('notification_scans').dropColumn('baseline_version').execute();
  await db.schema.alterTable('notification_scans').dropColumn('baseline_through').execute();
};
