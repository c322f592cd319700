import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { generateWarehouse } from '@portal/tools/warehouse/generate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FULL_RELOAD_GROUP_ID, DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import type { Kysely } from 'kysely';
import { dayOf } from '@portal/domain/analytics';
import { statusGroupOf } from '@portal/domain/order-status';
import { createDatabase, type TDialect, type TPortalDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { ensureDefaultGroups } from '../../sync/groups';
import { openLoader } from '../../sync/load/index';
import type { TLoader } from '../../sync/load/types';
import { runGroupJob, type TSyncContext } from '../../sync/runner';
import { openDuckDbWarehouse } from '../../sync/warehouse/duckdb';
import { plainProcessingTime, plainReorderPatterns } from '../../test/analytics-oracle';
import { createTestDatabase, testDialects } from '../../test/databases';
import { tableIndexes } from '../../test/table-indexes';
import { plainWorklist, storedWorklist, worklistCounts } from '../worklist/worklist-oracle';
import { reorderPatterns } from './reorder';
import { periodOf, processingTime } from './service';

// The generator's as-of day, so its recent orders fall in every period.
const NOW = Date.UTC(2025, 5, 30, 12);

const REBUILT_TABLES = ['analytics_patient_days', 'order_worklist'];

/** A warehouse of its own (the test edits it), a fresh portal database and a loader. */
const useBed = (dialect: TDialect) => {
  let dir = '';
  let file = '';
  let database: TPortalDatabase | undefined;
  let loader: TLoader | undefined;
  let drop: () => Promise<void> = async () => undefined;
  /**
   * The indexes of the tables a whole refill builds again (analytics_patient_days, and
   * order_worklist on a first fill), as the migrations made them.
   */
  const migratedIndexes = new Map<string, string[]>();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'analytics-warehouse-'));
    file = path.join(dir, 'warehouse.duckdb');
    await generateWarehouse({
      file,
      patients: 120,
      seed: 15,
      ordersPerPatient: 6,
      asOf: '2025-06-30',
    });
    const testDatabase = await createTestDatabase(dialect, { migrated: true });
    drop = testDatabase.drop;
    database = createDatabase(testDatabase.url);
    await migrateToLatest(database.db);
    for (const table of REBUILT_TABLES) {
      migratedIndexes.set(table, await tableIndexes(database.db, dialect, table));
    }
    await ensureDefaultGroups(database.db);
    loader = await openLoader(testDatabase.url);
  }, 120_000);
  afterAll(async () => {
    await loader?.close();
    await database?.destroy();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
  /** Runs a group against the warehouse as it is now (opened read-only for the run). */
  const sync = async (groupId: string) => {
    const warehouse = await openDuckDbWarehouse(file);
    try {
      const context: TSyncContext = {
        db: database!.db,
        warehouse,
        loader: loader!,
        destinationLabel: dialect,
      };
      return await runGroupJob(context, groupId);
    } finally {
      await warehouse.close();
    }
  };
  const editWarehouse = async (statements: string[]) => {
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    for (const statement of statements) {
      await connection.run(statement);
    }
    connection.closeSync();
    instance.closeSync();
  };
  /** Each rebuilt table has the indexes the migrations made, not one fewer. */
  const expectMigratedIndexes = async () => {
    for (const table of REBUILT_TABLES) {
      expect(migratedIndexes.get(table)?.length).toBeGreaterThanOrEqual(2);
      expect(await tableIndexes(database!.db, dialect, table)).toEqual(migratedIndexes.get(table));
    }
  };
  return { db: () => database!.db, sync, editWarehouse, expectMigratedIndexes };
};

/**
 * The patient list's order counts (modules/patients/order-count-summary.ts) against the
 * orders as they are, grouped in JavaScript by the domain's own status rule.
 */
const expectOrderCountsMatchOrders = async (db: Kysely<Database>) => {
  const orders = await db
    .selectFrom('orders')
    .select(['patient_key', 'so_classification_key', 'status'])
    .where('patient_key', 'is not', null)
    .execute();
  const plain = new Map<string, Record<string, number | string>>();
  for (const order of orders) {
    const classification = order.so_classification_key ?? '';
    const key = `${order.patient_key ?? ''}|${classification}`;
    const row = plain.get(key) ?? {
      patient_key: order.patient_key ?? '',
      classification_key: classification,
      order_count: 0,
      in_progress_count: 0,
      shipped_count: 0,
      pending_docs_count: 0,
    };
    const group = statusGroupOf(order.status?.trim());
    const counted = {
      order_count: true,
      in_progress_count: group === 'in_progress',
      shipped_count: group === 'shipped',
      pending_docs_count: group === 'pending_documents',
    };
    for (const [column, yes] of Object.entries(counted)) {
      row[column] = Number(row[column]) + (yes ? 1 : 0);
    }
    plain.set(key, row);
  }
  const summary = await db.selectFrom('patient_order_counts').selectAll().execute();
  const sorted = (rows: Record<string, number | string>[]) =>
    rows
      .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)])))
      .sort((a, b) =>
        `${a.patient_key}|${a.classification_key}`.localeCompare(
          `${b.patient_key}|${b.classification_key}`,
        ),
      );
  expect(summary.length).toBeGreaterThan(100);
  expect(sorted(summary)).toEqual(sorted([...plain.values()]));
};

describe.each(testDialects())('analytics summaries after a sync [%s]', (dialect) => {
  const bed = useBed(dialect);

  const expectSummariesMatchTables = async () => {
    for (const days of [30, 90, 180]) {
      const { range } = periodOf(NOW, days);
      expect(await processingTime(bed.db(), range)).toEqual(
        await plainProcessingTime(bed.db(), NOW, days),
      );
      const plain = await plainReorderPatterns(bed.db(), { now: NOW, days, minOrders: 2 });
      expect(
        await reorderPatterns(bed.db(), { range, today: dayOf(NOW), minOrders: 2, limit: 1000 }),
      ).toEqual(plain);
    }
    await expectOrderCountsMatchOrders(bed.db());
    // The worklist (issue 30) follows the same loads.
    const worklist = await storedWorklist(bed.db());
    expect(worklist.length).toBeGreaterThan(100);
    expect(worklist).toEqual(await plainWorklist(bed.db()));
    const counts = await worklistCounts(bed.db());
    expect(counts.actual).toEqual(counts.expected);
  };

  it('fills the summaries with the tables they were computed from', async () => {
    const run = await bed.sync(DEFAULT_FULL_SYNC_GROUP_ID);
    expect(run.status).toBe('completed');
    const plain = await plainProcessingTime(bed.db(), NOW, 180);
    // The generated data gives every figure something to count.
    expect(plain.status_durations.length).toBeGreaterThan(3);
    expect(Object.keys(plain.category_stats).length).toBeGreaterThan(3);
    await expectSummariesMatchTables();
    // The first fill (PostgreSQL: into an empty worklist without its indexes) built them all.
    await bed.expectMigratedIndexes();
  }, 120_000);

  it('follows the warehouse after a re-sync of changed orders and history, load by load', async () => {
    const STAMP = `LASTMODIFIED = TIMESTAMP '2031-01-01 00:00:00'`;
    const before = await plainProcessingTime(bed.db(), NOW, 180);
    await bed.editWarehouse([
      // Older creation dates, other categories, deleted history rows, longer stays: each
      // change stamped, as the ERP stamps it, so the incremental runs read it.
      `UPDATE SALESORDERS SET DATECREATED = DATECREATED - INTERVAL 9 DAY, ${STAMP} WHERE SALESORDERKEY % 3 = 0`,
      `UPDATE SALESORDERS SET SOCLASSIFICATIONKEY = 2, ${STAMP} WHERE SALESORDERKEY % 5 = 0`,
      `UPDATE SALESORDERS SET STATUS = 'RCM - Billing', ${STAMP} WHERE SALESORDERKEY % 11 = 0`,
      `UPDATE SALESORDERSTATUSHISTORY SET ISDELETED = TRUE, ${STAMP} WHERE STATUSHISTORYKEY % 7 = 0`,
      `UPDATE SALESORDERSTATUSHISTORY SET EXITEDAT = EXITEDAT + INTERVAL 2 DAY, ${STAMP} WHERE SALESORDERKEY % 4 = 0 AND EXITEDAT IS NOT NULL`,
    ]);
    expect((await bed.sync('orders')).status).toBe('completed');
    // Orders are new, the history still the old: the summaries agree with both as they are.
    await expectSummariesMatchTables();
    expect((await bed.sync('order_status_history')).status).toBe('completed');
    await expectSummariesMatchTables();
    expect(await plainProcessingTime(bed.db(), NOW, 180)).not.toEqual(before);
  }, 120_000);

  it('writes the same summaries and worklist in a full reload over full tables', async () => {
    const before = await storedWorklist(bed.db());
    await bed.editWarehouse([
      // Orders moved, orders gone, patients renamed by case alone (a change on MariaDB too).
      `UPDATE SALESORDERS SET STATUS = 'Awaiting CMN (RX)' WHERE SALESORDERKEY % 13 = 0`,
      `UPDATE SALESORDERS SET ISDELETED = TRUE WHERE SALESORDERKEY % 19 = 0`,
      `UPDATE PERSONS SET LASTNAME = UPPER(LASTNAME) WHERE PERSONKEY % 3 = 0`,
    ]);
    expect((await bed.sync(DEFAULT_FULL_RELOAD_GROUP_ID)).status).toBe('completed');
    await expectSummariesMatchTables();
    const after = await storedWorklist(bed.db());
    const unchanged = after.filter((row) => before.some((old) => isDeepStrictEqual(old, row)));
    // Some rows moved, some went, most stayed: each path of the compared refill ran.
    expect(after.length).toBeLessThan(before.length);
    expect(unchanged.length).toBeLessThan(after.length);
    expect(unchanged.length).toBeGreaterThan(after.length / 3);
    // SQLite and PostgreSQL built the patient days' indexes again after the refill.
    await bed.expectMigratedIndexes();
  }, 120_000);

  it('writes a new data version with every load that changes patients or orders, and keeps it when nothing changed', async () => {
    const version = async () =>
      (await bed.db().selectFrom('analytics_refresh').select('version').executeTakeFirstOrThrow())
        .version;
    const stamp = `LASTMODIFIED = TIMESTAMP '2032-01-01 00:00:00'`;
    const unchanged = await version();
    // Nothing changed in the warehouse since the last loads: the pages kept by it stay warm.
    for (const group of ['patients', 'orders']) {
      expect((await bed.sync(group)).status).toBe('completed');
      expect(await version()).toBe(unchanged);
    }
    await bed.editWarehouse([
      `UPDATE PERSONS SET LASTNAME = LASTNAME || 'son', ${stamp} WHERE PERSONKEY % 50 = 0`,
    ]);
    expect((await bed.sync('patients')).status).toBe('completed');
    const afterPatients = await version();
    expect(afterPatients).not.toBe(unchanged);
    await bed.editWarehouse([
      `UPDATE SALESORDERS SET STATUS = 'Delivered', ${stamp} WHERE SALESORDERKEY % 40 = 0`,
    ]);
    expect((await bed.sync('orders')).status).toBe('completed');
    expect(await version()).not.toBe(afterPatients);
    await expectSummariesMatchTables();
  }, 120_000);

  it('keeps the previous summaries and their version when an orders load fails', async () => {
    const version = await bed
      .db()
      .selectFrom('analytics_refresh')
      .select('version')
      .executeTakeFirst();
    await bed.editWarehouse([`ALTER TABLE SALESORDERS RENAME COLUMN STATUS TO STATUS_GONE`]);
    expect((await bed.sync('orders')).status).toBe('failed');
    await bed.editWarehouse([`ALTER TABLE SALESORDERS RENAME COLUMN STATUS_GONE TO STATUS`]);
    expect(
      await bed.db().selectFrom('analytics_refresh').select('version').executeTakeFirst(),
    ).toEqual(version);
    await expectSummariesMatchTables();
  }, 120_000);
});
