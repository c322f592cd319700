import { sql, type Kysely } from 'kysely';
import type { TMapping } from '@portal/domain/sync-mapping';
import type { Database } from '../db/schema';
import type { TValue } from './batch';
import type { TLoader, TLoadStep } from './load/types';
import { ReconciliationError } from './reconcile';

/**
 * The high-water marks of incremental mappings (table sync_watermarks, migration 0023):
 * read before a run through the portal's Kysely handle, written only inside the load's
 * own transaction (as TLoadStep), so a mark never moves without its rows.
 */
export type TWatermark = {
  mysql_table: string;
  mapping_hash: string;
  mark: string | null;
  full_at: number | null;
  needs_full: number;
  version: number;
  updated_at: number;
};

/** As the drivers return it: PostgreSQL gives bigint columns as text. */
type TNumeric = number | string;
type TWatermarkDatabase = {
  sync_watermarks: Omit<TWatermark, 'full_at' | 'needs_full' | 'version' | 'updated_at'> & {
    full_at: TNumeric | null;
    needs_full: TNumeric;
    version: TNumeric;
    updated_at: TNumeric;
  };
};

const WATERMARKS = 'sync_watermarks';

/** Thrown when another run of the same mapping committed first; this one rolls back. */
export class ConcurrentRunError extends Error {
  override name = 'ConcurrentRunError';
}

const quoteFor = (dialect: TLoader['dialect']) =>
  dialect === 'mysql'
    ? (name: string) => `\`${name.replaceAll('`', '``')}\``
    : (name: string) => `"${name.replaceAll('"', '""')}"`;

const asWatermarks = (db: Kysely<Database>) => db as unknown as Kysely<TWatermarkDatabase>;

export const readWatermark = async (
  db: Kysely<Database>,
  table: string,
): Promise<TWatermark | undefined> => {
  const row = await asWatermarks(db)
    .selectFrom('sync_watermarks')
    .selectAll()
    .where('mysql_table', '=', table)
    .executeTakeFirst();
  return row
    ? {
        ...row,
        needs_full: Number(row.needs_full),
        version: Number(row.version),
        full_at: row.full_at === null ? null : Number(row.full_at),
        updated_at: Number(row.updated_at),
      }
    : undefined;
};

/** After a failed reconciliation: the next run of this table's mapping reloads it in full. */
export const markNeedsFull = async (db: Kysely<Database>, table: string, now: number) => {
  await asWatermarks(db)
    .updateTable('sync_watermarks')
    .set((eb) => ({ needs_full: 1, version: eb('version', '+', 1), updated_at: now }))
    .where('mysql_table', '=', table)
    .execute();
};

/** A load by a mapping that keeps no mark changes the table under the mark: reload next. */
export const invalidateWatermarkStep = (
  dialect: TLoader['dialect'],
  mapping: TMapping,
): TLoadStep => {
  const quote = quoteFor(dialect);
  return {
    sql: `UPDATE ${quote(WATERMARKS)} SET ${quote('needs_full')} = 1, ${quote('version')} = ${quote('version')} + 1 WHERE ${quote('mysql_table')} = ?`,
    params: [mapping.mysql_table],
  };
};

/**
 * Moves the mark in the load's transaction: inserts the first one (a concurrent first run
 * fails on the primary key) or updates it only while it is still at the version this run
 * read (compare-and-set), so of two concurrent runs only one commits.
 */
export const commitWatermarkStep = (
  dialect: TLoader['dialect'],
  options: {
    table: string;
    hash: string;
    mark: string | null;
    /** Set on a full reload: when it committed. */
    fullAt: number | undefined;
    previous: TWatermark | undefined;
    now: number;
  },
): TLoadStep => {
  const quote = quoteFor(dialect);
  const { table, hash, mark, fullAt, previous, now } = options;
  const error = () =>
    new ConcurrentRunError(
      `Another run of the ${table} mapping committed first; this run was rolled back and changed nothing`,
    );
  if (!previous) {
    const columns = [
      'mysql_table',
      'mapping_hash',
      'mark',
      'full_at',
      'needs_full',
      'version',
      'updated_at',
    ];
    return {
      sql: `INSERT INTO ${quote(WATERMARKS)} (${columns.map(quote).join(', ')}) VALUES (?, ?, ?, ?, 0, 1, ?)`,
      params: [table, hash, mark, fullAt ?? null, now],
      check: { of: 'changes', equals: 1, error },
    };
  }
  const set = ['mapping_hash', 'mark', ...(fullAt === undefined ? [] : ['full_at']), 'updated_at'];
  const params: TValue[] = [hash, mark, ...(fullAt === undefined ? [] : [fullAt]), now];
  return {
    sql: `UPDATE ${quote(WATERMARKS)} SET ${set.map((name) => `${quote(name)} = ?`).join(', ')}, ${quote('needs_full')} = 0, ${quote('version')} = ${quote('version')} + 1 WHERE ${quote('mysql_table')} = ? AND ${quote('version')} = ?`,
    params: [...params, table, previous.version],
    check: { of: 'changes', equals: 1, error },
  };
};

/** Whether a MariaDB table has a primary key (InnoDB's clustered index, by that name). */
export const hasPrimaryKey = async (db: Kysely<Database>, table: string) => {
  const result = await sql<{ found: number }>`SELECT 1 AS found FROM information_schema.STATISTICS
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ${table} AND INDEX_NAME = 'PRIMARY'
    LIMIT 1`.execute(db);
  return result.rows.length > 0;
};

/**
 * After an incremental run's changes, the whole table must hold as many rows as the
 * mapping's full query returns in the warehouse; otherwise the load rolls back.
 *
 * On MariaDB the count reads the primary key (`clustered`, when the table has one): InnoDB
 * counts through its smallest secondary index, and in the transaction that just deleted and
 * inserted the changed rows every entry on a page those changes touched is checked against
 * its row for visibility. After 20,000 deleted history rows (3.4M) that count took 19.3 s;
 * the primary key's, whose rows carry their own transaction ids, 1.0 s.
 */
export const tableCountStep = (
  dialect: TLoader['dialect'],
  table: string,
  warehouseCount: number,
  options: { clustered?: boolean } = {},
): TLoadStep => ({
  sql: `SELECT COUNT(*) FROM ${quoteFor(dialect)(table)}${
    dialect === 'mysql' && options.clustered ? ' FORCE INDEX (PRIMARY)' : ''
  }`,
  check: {
    of: 'scalar',
    equals: warehouseCount,
    error: (actual) =>
      new ReconciliationError(
        `Reconciliation failed for ${table}: after the incremental run the warehouse has ${warehouseCount} rows, the destination ${actual}; the next run reloads the table in full`,
        {
          sourceCount: warehouseCount,
          destinationCount: actual,
          // The whole table's content is not compared yet (issue 33): counts only.
          sourceChecksum: '',
          destinationChecksum: undefined,
        },
      ),
  },
});

const KEYS_PER_DELETE = 500;

/** Deletes every key the run touched, before the live ones among them move back in. */
export const deleteKeySteps = (
  dialect: TLoader['dialect'],
  table: string,
  keyColumns: string[],
  keys: TValue[][],
): TLoadStep[] => {
  const quote = quoteFor(dialect);
  // One key: IN (?, ?...); several: (a = ? AND b = ?) OR ..., which every dialect reads alike.
  const match =
    keyColumns.length === 1
      ? (count: number) =>
          `${quote(keyColumns[0]!)} IN (${new Array<string>(count).fill('?').join(', ')})`
      : (count: number) =>
          new Array<string>(count)
            .fill(`(${keyColumns.map((key) => `${quote(key)} = ?`).join(' AND ')})`)
            .join(' OR ');
  const steps: TLoadStep[] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_DELETE) {
    const chunk = keys.slice(start, start + KEYS_PER_DELETE);
    steps.push({
      sql: `DELETE FROM ${quote(table)} WHERE ${match(chunk.length)}`,
      params: chunk.flat(),
    });
  }
  return steps;
};
