import type { Kysely } from 'kysely';

/**
 * Incremental sync (issue 33): per destination table an incremental mapping fills, the
 * committed high-water mark of its warehouse cursor, moved in the same transaction as
 * the rows it covers.
 * - mysql_table: the portal table (one watermark per table: it describes what the table holds).
 * - mapping_hash: the mapping the mark belongs to; another mapping means a full reload.
 * - mark: the greatest cursor value committed, as the warehouse writes it in text
 *   ('2025-07-01 08:00:00'); null until the first full reload commits.
 * - full_at: when the last full reload committed (epoch ms).
 * - needs_full: 1 when the next run must reload the whole table (a reconciliation
 *   mismatch, or another mapping replaced the table).
 * - version: bumped by every commit, so a move of the mark is compare-and-set and two
 *   concurrent runs of one mapping cannot both commit.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('sync_watermarks')
    .addColumn('mysql_table', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('mapping_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('mark', 'varchar(64)')
    .addColumn('full_at', 'bigint')
    .addColumn('needs_full', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('sync_watermarks').execute();
};
