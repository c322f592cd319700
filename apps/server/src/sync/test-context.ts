import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase, type TDialect, type TPortalDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase } from '../test/databases';
import { useTestWarehouse } from '../test/warehouse';
import { ensureDefaultGroups } from './groups';
import { openLoader } from './load/index';
import type { TLoader } from './load/types';
import { runGroupJob, type TSyncContext } from './runner';
import { openDuckDbWarehouse } from './warehouse/duckdb';
import type { TWarehouse } from './warehouse/types';

export type TSyncTestBed = {
  database: TPortalDatabase;
  url: string;
  warehouse: TWarehouse;
  loader: TLoader;
  context: TSyncContext;
};

/** A fresh portal database of one dialect, migrated, with default groups, and a warehouse. */
export const useSyncTestBed = (dialect: TDialect, warehouseFile: () => string) => {
  let bed: TSyncTestBed | undefined;
  let cleanup: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const testDatabase = await createTestDatabase(dialect, { migrated: true });
    cleanup = [testDatabase.drop];
    const database = createDatabase(testDatabase.url);
    cleanup.unshift(() => database.destroy());
    await migrateToLatest(database.db);
    await ensureDefaultGroups(database.db);
    const warehouse = await openDuckDbWarehouse(warehouseFile());
    cleanup.unshift(() => warehouse.close());
    const loader = await openLoader(testDatabase.url);
    cleanup.unshift(() => loader.close());
    bed = {
      database,
      url: testDatabase.url,
      warehouse,
      loader,
      context: { db: database.db, warehouse, loader, destinationLabel: dialect },
    };
  }, 60_000);
  afterAll(async () => {
    for (const step of cleanup) {
      await step();
    }
  }, 60_000);
  return (): TSyncTestBed => {
    if (!bed) {
      throw new Error('sync test bed is not ready; read it inside a test');
    }
    return bed;
  };
};

export type TPortalPair = Record<
  'live' | 'reference',
  { database: TPortalDatabase; loader: TLoader }
>;

/**
 * Two fresh portal databases of one dialect, migrated, with default groups and a loader
 * each: "live" for the runs under test, "reference" for the full reloads they must equal.
 * The warehouse is the tests' to open per run (a mutation needs the file to itself).
 */
export const useLiveAndReference = (dialect: TDialect): TPortalPair => {
  const cleanup: (() => Promise<void>)[] = [];
  const portals = {} as TPortalPair;
  beforeAll(async () => {
    for (const name of ['live', 'reference'] as const) {
      const test = await createTestDatabase(dialect, { migrated: true });
      const database = createDatabase(test.url);
      await migrateToLatest(database.db);
      await ensureDefaultGroups(database.db);
      const loader = await openLoader(test.url);
      cleanup.unshift(
        () => loader.close(),
        () => database.destroy(),
        test.drop,
      );
      portals[name] = { database, loader };
    }
  }, 60_000);
  afterAll(async () => {
    for (const step of cleanup) {
      await step();
    }
  }, 60_000);
  return portals;
};

/**
 * Runs on a pair's portals, the warehouse opened for each run and closed after it (a
 * mutation needs the file to itself): `withWarehouse` for a lone mapping, `runGroup` for a
 * group on either portal.
 */
export const pairRuns = (dialect: TDialect, portals: TPortalPair, warehouseFile: () => string) => {
  const withWarehouse = async <T>(use: (warehouse: TWarehouse) => Promise<T>) => {
    const warehouse = await openDuckDbWarehouse(warehouseFile());
    try {
      return await use(warehouse);
    } finally {
      await warehouse.close();
    }
  };
  const runGroup = (name: 'live' | 'reference', groupId: string) =>
    withWarehouse((warehouse) =>
      runGroupJob(
        {
          db: portals[name].database.db,
          warehouse,
          loader: portals[name].loader,
          destinationLabel: dialect,
        },
        groupId,
      ),
    );
  return { withWarehouse, runGroup };
};

/** Every row of a table as text, sorted: two tables compare equal whatever their order. */
export const tableContents = async (database: TPortalDatabase, table: string) => {
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(
    database.db,
  );
  return rows
    .map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))))
    .sort();
};

export { useTestWarehouse };
