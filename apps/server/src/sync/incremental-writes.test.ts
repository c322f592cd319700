import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { mutateWarehouse } from '@portal/tools/warehouse/mutate';
import { sql } from 'kysely';
import type { TDialect } from '../db/database';
import { createDatabase, type TPortalDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase, testDialects } from '../test/databases';
import { useTestWarehouse } from '../test/warehouse';
import { ensureDefaultGroups } from './groups';
import { childJobs } from './jobs';
import { openLoader } from './load/index';
import type { TLoader } from './load/types';
import { runGroupJob } from './runner';
import { openDuckDbWarehouse } from './warehouse/duckdb';

/**
 * An incremental run reads every row of a touched key again (an order's items and history
 * when the order's LASTMODIFIED moves); the rows that are as they were must stay as they
 * were: not deleted and inserted again, and on PostgreSQL not updated to the same values
 * either (each of those is a new row version in every index, and work for VACUUM). A
 * trigger logs every DELETE; PostgreSQL's xmin tells a rewritten row, and its xmax a row
 * locked (an upsert's conflict locks the row it leaves as it is: a WAL record each).
 */
const TABLES = {
  order_items: 'order_item_key',
  order_status_history: 'status_history_key',
  orders: 'order_id',
} as const;
type TTable = keyof typeof TABLES;

const deleteLogSql = (dialect: TDialect, table: TTable): string[] => {
  const key = TABLES[table];
  const name = `log_delete_${table}`;
  switch (dialect) {
    case 'sqlite':
      return [
        `CREATE TRIGGER ${name} AFTER DELETE ON ${table} BEGIN
           INSERT INTO test_deleted (tbl, k) VALUES ('${table}', old.${key}); END`,
      ];
    case 'mysql':
      return [
        `CREATE TRIGGER ${name} AFTER DELETE ON ${table} FOR EACH ROW
           INSERT INTO test_deleted (tbl, k) VALUES ('${table}', OLD.${key})`,
      ];
    case 'postgres':
      return [
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
           INSERT INTO test_deleted (tbl, k) VALUES ('${table}', OLD.${key}); RETURN OLD; END $$`,
        `CREATE TRIGGER ${name} AFTER DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
      ];
  }
};

/** Each row as text by its key, with PostgreSQL's row version beside it. */
const snapshot = async (database: TPortalDatabase, dialect: TDialect, table: TTable) => {
  const key = TABLES[table];
  const version =
    dialect === 'postgres' ? sql`, xmin::text || ':' || xmax::text AS row_version` : sql``;
  const { rows } = await sql<Record<string, unknown>>`SELECT t.*${version} FROM ${sql.table(
    table,
  )} t`.execute(database.db);
  return new Map(
    rows.map(({ row_version: rowVersion, ...row }) => [
      String(row[key]),
      {
        content: JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))),
        rowVersion,
      },
    ]),
  );
};

describe.each(testDialects())('an incremental run writes only what changed [%s]', (dialect) => {
  const warehouseFile = useTestWarehouse({ patients: 150, seed: 21 });
  const cleanup: (() => Promise<void>)[] = [];
  let database: TPortalDatabase;
  let loader: TLoader;

  beforeAll(async () => {
    const test = await createTestDatabase(dialect, { migrated: true });
    cleanup.unshift(test.drop);
    database = createDatabase(test.url);
    cleanup.unshift(() => database.destroy());
    await migrateToLatest(database.db);
    await ensureDefaultGroups(database.db);
    loader = await openLoader(test.url);
    cleanup.unshift(() => loader.close());
  }, 60_000);
  afterAll(async () => {
    for (const step of cleanup) {
      await step();
    }
  }, 60_000);

  const runSync = async () => {
    const warehouse = await openDuckDbWarehouse(warehouseFile());
    try {
      const result = await runGroupJob(
        { db: database.db, warehouse, loader, destinationLabel: dialect },
        DEFAULT_FULL_SYNC_GROUP_ID,
      );
      const failed = (await childJobs(database.db, result.id)).find(
        (job) => job.status !== 'completed',
      );
      expect(failed?.error_message ?? null).toBeNull();
      return await childJobs(database.db, result.id);
    } finally {
      await warehouse.close();
    }
  };

  it('leaves the rows of a touched order that did not change as they were, and counts only the changed', async () => {
    await runSync();
    await sql`CREATE TABLE test_deleted (tbl varchar(64), k varchar(64))`.execute(database.db);
    for (const table of Object.keys(TABLES) as TTable[]) {
      for (const statement of deleteLogSql(dialect, table)) {
        await sql.raw(statement).execute(database.db);
      }
    }
    const tables = Object.keys(TABLES) as TTable[];
    const before = await Promise.all(tables.map((table) => snapshot(database, dialect, table)));
    await mutateWarehouse({
      file: warehouseFile(),
      ordersPercent: 20,
      seed: 3,
      at: '2025-07-01T08:00:00Z',
    });
    const jobs = await runSync();
    const after = await Promise.all(tables.map((table) => snapshot(database, dialect, table)));
    const { rows: deleted } = await sql<{ tbl: string; k: string }>`
      SELECT tbl, k FROM test_deleted`.execute(database.db);

    tables.forEach((table, index) => {
      const old = before[index]!;
      const now = after[index]!;
      const unchanged = [...old.keys()].filter(
        (key) => old.get(key)!.content === now.get(key)?.content,
      );
      const changed = [...now.keys()].filter(
        (key) => old.get(key)?.content !== now.get(key)!.content,
      );
      // The mutation reached this table, and most of its rows stayed as they were.
      expect({ table, changed: changed.length > 0 }).toEqual({ table, changed: true });
      expect(unchanged.length).toBeGreaterThan(changed.length);
      const deletedKeys = new Set(deleted.filter((row) => row.tbl === table).map((row) => row.k));
      expect({ table, deletedUnchanged: unchanged.filter((key) => deletedKeys.has(key)) }).toEqual({
        table,
        deletedUnchanged: [],
      });
      // The console's 'rows changed': what was inserted, updated or deleted, no more.
      const removed = [...old.keys()].filter((key) => !now.has(key));
      const job = jobs.find(
        (child) =>
          (JSON.parse(child.mapping ?? '{}') as { mysql_table?: string }).mysql_table === table,
      );
      expect({ table, rowsChanged: job?.rows_changed }).toEqual({
        table,
        rowsChanged: changed.length + removed.length,
      });
      if (dialect === 'postgres') {
        const rewrittenOrLocked = unchanged.filter(
          (key) => old.get(key)!.rowVersion !== now.get(key)!.rowVersion,
        );
        expect({ table, rewrittenOrLocked }).toEqual({ table, rewrittenOrLocked: [] });
      }
    });
  }, 180_000);
});
