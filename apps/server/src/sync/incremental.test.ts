import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMappingInput } from '@portal/domain/sync-mapping';
import { mutateWarehouse } from '@portal/tools/warehouse/mutate';
import { createDatabase, type TPortalDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase, testDialects } from '../test/databases';
import { changeTestWarehouse, useTestWarehouse } from '../test/warehouse';
import { DEFAULT_MAPPINGS, wholeTableMapping } from './default-groups';
import {
  ConcurrentRunError,
  hasPrimaryKey,
  readWatermark,
  tableCountStep,
} from './incremental-store';
import { getJob, getJobLogs } from './jobs';
import { openLoader } from './load/index';
import type { TLoader } from './load/types';
import { ReconciliationError } from './reconcile';
import { runMappingJob } from './runner';
import { syncMapping } from './sync-mapping';
import { openDuckDbWarehouse } from './warehouse/duckdb';
import type { TWarehouse } from './warehouse/types';

/**
 * Incremental runs (issue 33) on every portal dialect: one warehouse per dialect, mutated
 * the way the ERP changes it, and two portal databases: "live" takes the incremental
 * mapping, "reference" a full reload of the same query after every step. The tests run in
 * order, each on the state the previous one left.
 */
/** The default orders mapping: incremental by SO and SC's LASTMODIFIED. */
const incrementalOrders: TMappingInput = DEFAULT_MAPPINGS.orders!;
const fullOrders = wholeTableMapping(DEFAULT_MAPPINGS.orders!);
/** A mapping over three tables with an inner join: an order's deletion takes its items out. */
const incrementalItems: TMappingInput = DEFAULT_MAPPINGS.order_items!;
const fullItems = wholeTableMapping(DEFAULT_MAPPINGS.order_items!);

const DAYS = ['2025-07-01T08:00:00Z', '2025-07-02T08:00:00Z', '2025-07-03T08:00:00Z'];

describe.each(testDialects())('incremental sync of orders [%s]', (dialect) => {
  const warehouseFile = useTestWarehouse({ patients: 120, seed: 7 });
  const cleanup: (() => Promise<void>)[] = [];
  let live: TPortalDatabase;
  let reference: TPortalDatabase;
  let liveUrl: string;
  let liveLoader: TLoader;
  let referenceLoader: TLoader;

  beforeAll(async () => {
    const open = async () => {
      const test = await createTestDatabase(dialect, { migrated: true });
      const database = createDatabase(test.url);
      await migrateToLatest(database.db);
      const loader = await openLoader(test.url);
      // Connections close before their database is dropped.
      cleanup.unshift(
        () => loader.close(),
        () => database.destroy(),
        test.drop,
      );
      return { database, loader, url: test.url };
    };
    ({ database: live, loader: liveLoader, url: liveUrl } = await open());
    ({ database: reference, loader: referenceLoader } = await open());
  }, 60_000);
  afterAll(async () => {
    for (const step of cleanup) {
      await step();
    }
  }, 60_000);

  /** The warehouse is opened per run: the mutation needs the file to itself. */
  const run = async (loader: TLoader, mapping: TMappingInput, portal = live) => {
    const warehouse = await openDuckDbWarehouse(warehouseFile());
    try {
      return await syncMapping({ mapping, warehouse, loader, portal: portal.db });
    } finally {
      await warehouse.close();
    }
  };
  const warehouseCount = async (sql: string) => {
    const warehouse = await openDuckDbWarehouse(warehouseFile());
    try {
      return await warehouse.count(sql);
    } finally {
      await warehouse.close();
    }
  };
  const rows = (database: TPortalDatabase) =>
    database.db.selectFrom('orders').selectAll().orderBy('order_id').execute();
  const itemRows = (database: TPortalDatabase) =>
    database.db.selectFrom('order_items').selectAll().orderBy('order_item_key').execute();
  /** The live table holds exactly what a full reload of the same query gives. */
  const expectSameAsFullReload = async () => {
    await run(referenceLoader, fullOrders, reference);
    const expected = await rows(reference);
    expect(expected.length).toBeGreaterThan(0);
    expect(await rows(live)).toEqual(expected);
  };
  const expectItemsSameAsFullReload = async () => {
    await run(referenceLoader, fullItems, reference);
    const expected = await itemRows(reference);
    expect(expected.length).toBeGreaterThan(0);
    expect(await itemRows(live)).toEqual(expected);
  };
  const mutate = (at: string) =>
    mutateWarehouse({ file: warehouseFile(), ordersPercent: 5, seed: 3, at });

  it('reloads in full on the first run and sets the mark to the latest cursor', async () => {
    const result = await run(liveLoader, incrementalOrders);
    expect(result.mode).toBe('replace');
    expect(result.incremental).toMatchObject({ full: true, since: null });
    const mark = await readWatermark(live.db, 'orders');
    expect(mark).toMatchObject({ needs_full: 0, version: 1, mark: result.incremental!.mark });
    expect(mark!.mark).toMatch(/^2025-06-/);
    await expectSameAsFullReload();
    expect((await run(liveLoader, incrementalItems)).incremental).toMatchObject({ full: true });
    await expectItemsSameAsFullReload();
  });

  it('reads nothing when nothing changed', async () => {
    const before = await readWatermark(live.db, 'orders');
    const result = await run(liveLoader, incrementalOrders);
    expect(result.incremental).toMatchObject({ full: false, keysTouched: 0, mark: before!.mark });
    expect(result.rowsProcessed).toBe(0);
    expect((await readWatermark(live.db, 'orders'))!.version).toBe(before!.version + 1);
  });

  it('applies a mutation: reads only the changed rows, deletes and supersessions included', async () => {
    const summary = await mutate(DAYS[0]!);
    const changes = summary.tables.SALESORDERS;
    expect(changes.deleted).toBeGreaterThan(0);
    expect(changes.superseded).toBeGreaterThan(0);
    const at = "TIMESTAMP '2025-07-01 08:00:00'";
    const changedLive = await warehouseCount(
      `SELECT * FROM SALESORDERS SO LEFT JOIN SOCLASSIFICATIONS SC ON SO.SOCLASSIFICATIONKEY = SC.SOCLASSIFICATIONKEY AND SC.ISLATEST AND NOT SC.ISDELETED
       WHERE SO.ISLATEST AND NOT SO.ISDELETED AND (SO.LASTMODIFIED = ${at} OR SC.LASTMODIFIED = ${at})`,
    );
    const allLive = await warehouseCount(
      'SELECT * FROM SALESORDERS WHERE ISLATEST AND NOT ISDELETED',
    );
    const result = await run(liveLoader, incrementalOrders);
    expect(result.mode).toBe('upsert');
    expect(result.incremental).toMatchObject({ full: false, mark: '2025-07-01 08:00:00' });
    expect(changedLive).toBeGreaterThan(0);
    expect(result.rowsProcessed).toBe(changedLive);
    expect(result.rowsProcessed).toBeLessThan(allLive / 2);
    expect(result.incremental!.keysTouched).toBeGreaterThanOrEqual(changes.deleted + changedLive);
    expect(result.reconciliation.destinationCount).toBe(allLive);
    await expectSameAsFullReload();
    const deleted = await warehouseCount(
      `SELECT * FROM SALESORDERS WHERE ISDELETED AND LASTMODIFIED = ${at}`,
    );
    expect(deleted).toBe(changes.deleted);

    const items = await run(liveLoader, incrementalItems);
    expect(items.incremental).toMatchObject({ full: false, mark: '2025-07-01 08:00:00' });
    expect(items.rowsProcessed).toBeLessThan((await itemRows(reference)).length / 2);
    await expectItemsSameAsFullReload();
  });

  it('leaves the mark and the table as they were when a run fails half-way', async () => {
    await mutate(DAYS[1]!);
    const mark = await readWatermark(live.db, 'orders');
    const before = await rows(live);
    const failing: TLoader = {
      ...liveLoader,
      load: (options) =>
        liveLoader.load({
          ...options,
          verify: (destination) => {
            options.verify(destination);
            throw new Error('planted failure after the deletes and the upsert');
          },
        }),
    };
    await expect(run(failing, incrementalOrders)).rejects.toThrow('planted failure');
    expect(await readWatermark(live.db, 'orders')).toEqual(mark);
    expect(await rows(live)).toEqual(before);

    const result = await run(liveLoader, incrementalOrders);
    expect(result.incremental).toMatchObject({ full: false, mark: '2025-07-02 08:00:00' });
    await expectSameAsFullReload();
    expect((await run(liveLoader, incrementalItems)).incremental).toMatchObject({ full: false });
    await expectItemsSameAsFullReload();
  });

  it('leaves no rejection unhandled when the stream and the whole count both fail', async () => {
    // The whole query's count runs through the stream (incremental.ts); a stream that breaks
    // first must not leave the count's later failure to crash the process.
    await run(liveLoader, incrementalOrders);
    expect(await readWatermark(live.db, 'orders')).toMatchObject({ needs_full: 0 });
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    const warehouse = await openDuckDbWarehouse(warehouseFile());
    try {
      const failing: TWarehouse = {
        ...warehouse,
        count: async (sql) => {
          if (sql.includes('"_keys"')) {
            return warehouse.count(sql);
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error('planted: the whole count failed');
        },
        query: async (sql) => {
          const result = await warehouse.query(sql);
          if (/^SELECT (\(SELECT CAST\(MAX|DISTINCT \* FROM)/.test(sql)) {
            return result;
          }
          const batches = async function* () {
            for await (const batch of result.batches) {
              yield batch;
              throw new Error('planted: the stream broke');
            }
            throw new Error('planted: the stream broke');
          };
          return { columns: result.columns, batches: batches() };
        },
      };
      await expect(
        syncMapping({
          mapping: incrementalOrders,
          warehouse: failing,
          loader: liveLoader,
          portal: live.db,
        }),
      ).rejects.toThrow('the stream broke');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
      await warehouse.close();
    }
  });

  it('fails on a planted count mismatch, then reloads in full on the next run', async () => {
    const mark = await readWatermark(live.db, 'orders');
    await live.db
      .insertInto('orders')
      .values({ order_id: 999_999_999, so_number: 'PLANTED' } as never)
      .execute();
    const error = await run(liveLoader, incrementalOrders).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReconciliationError);
    expect((error as Error).message).toContain('the next run reloads the table in full');
    const after = await readWatermark(live.db, 'orders');
    expect(after).toMatchObject({ mark: mark!.mark, needs_full: 1 });

    const result = await run(liveLoader, incrementalOrders);
    expect(result.incremental).toMatchObject({ full: true, mark: mark!.mark });
    expect(await readWatermark(live.db, 'orders')).toMatchObject({ needs_full: 0 });
    await expectSameAsFullReload();
  });

  it('keeps its mark where the mapped rows reach: a stamp on a row no order joins does not move it', async () => {
    await changeTestWarehouse(
      warehouseFile(),
      'CREATE TEMP TABLE unjoined AS SELECT * FROM SOCLASSIFICATIONS LIMIT 1',
      `UPDATE unjoined SET SOCLASSIFICATIONKEY = 999999, LASTMODIFIED = TIMESTAMP '2040-01-01 00:00:00'`,
      'INSERT INTO SOCLASSIFICATIONS SELECT * FROM unjoined',
    );
    try {
      const before = await readWatermark(live.db, 'orders');
      const result = await run(liveLoader, incrementalOrders);
      expect(result.incremental).toMatchObject({ full: false, mark: before!.mark });
      await expectSameAsFullReload();
    } finally {
      // The later steps' mutations must come after the warehouse's last change.
      await changeTestWarehouse(
        warehouseFile(),
        'DELETE FROM SOCLASSIFICATIONS WHERE SOCLASSIFICATIONKEY = 999999',
      );
    }
  });

  it('counts the whole table by its primary key on MariaDB, as it counts any other way', async () => {
    const clustered = dialect === 'mysql' && (await hasPrimaryKey(live.db, 'orders'));
    expect(clustered).toBe(dialect === 'mysql');
    const step = tableCountStep(dialect, 'orders', 0, { clustered });
    expect(step.sql.includes('FORCE INDEX (PRIMARY)')).toBe(clustered);
    const counted = await sql.raw<Record<string, unknown>>(step.sql).execute(live.db);
    const expected = await live.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(Object.values(counted.rows[0]!)[0])).toBe(Number(expected.n));
    expect(Number(expected.n)).toBeGreaterThan(0);
  });

  it('lets only one of two concurrent runs of one mapping commit', async () => {
    await mutate(DAYS[2]!);
    const mark = await readWatermark(live.db, 'orders');
    const second = await openLoader(liveUrl);
    try {
      // Both runs read the mark before either loads: each load waits for the other to start.
      let arrived = 0;
      let release: () => void = () => undefined;
      const bothStarted = new Promise<void>((resolve) => {
        release = resolve;
      });
      const gated = (loader: TLoader): TLoader => ({
        ...loader,
        load: async (options) => {
          arrived += 1;
          if (arrived === 2) {
            release();
          }
          await bothStarted;
          return loader.load(options);
        },
      });
      const outcomes = await Promise.allSettled([
        run(gated(liveLoader), incrementalOrders),
        run(gated(second), incrementalOrders),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(rejected).toBeDefined();
      // The loser finds the mark moved; a server may instead pick it as a deadlock victim.
      const reason: unknown = (rejected as PromiseRejectedResult).reason;
      expect(
        reason instanceof ConcurrentRunError || /deadlock/i.test(String(reason)),
        String(reason),
      ).toBe(true);
    } finally {
      await second.close();
    }
    expect(await readWatermark(live.db, 'orders')).toMatchObject({
      mark: '2025-07-03 08:00:00',
      version: mark!.version + 1,
      needs_full: 0,
    });
    await expectSameAsFullReload();
  });

  it('reloads in full after a mapping without a mark replaced the table', async () => {
    await run(liveLoader, fullOrders);
    expect(await readWatermark(live.db, 'orders')).toMatchObject({ needs_full: 1 });
    const result = await run(liveLoader, incrementalOrders);
    expect(result.incremental).toMatchObject({ full: true, mark: '2025-07-03 08:00:00' });
    expect(await readWatermark(live.db, 'orders')).toMatchObject({ needs_full: 0 });
    await expectSameAsFullReload();
  });

  it('runs as a job of the runner, its log saying what the run read', async () => {
    const warehouse = await openDuckDbWarehouse(warehouseFile());
    try {
      const context = { db: live.db, warehouse, loader: liveLoader, destinationLabel: dialect };
      const summary = await runMappingJob(context, incrementalOrders);
      expect(summary.status).toBe('completed');
      const job = await getJob(live.db, summary.id);
      expect(job!.source_count).toBe(job!.destination_count);
      const logs = await getJobLogs(live.db, summary.id);
      expect(logs.map((log) => log.message)).toContainEqual(
        expect.stringMatching(/^Incremental run of orders: 0 keys touched, 0 rows changed/),
      );
    } finally {
      await warehouse.close();
    }
  });
});
