import { afterAll, beforeAll } from 'vitest';
import { createDatabase, type TDialect, type TPortalDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase } from '../test/databases';
import { useTestWarehouse } from '../test/warehouse';
import { ensureDefaultGroups } from './groups';
import { openLoader } from './load/index';
import type { TLoader } from './load/types';
import type { TSyncContext } from './runner';
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

export { useTestWarehouse };
