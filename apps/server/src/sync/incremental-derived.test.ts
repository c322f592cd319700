import { describe, expect, it } from 'vitest';
import { SYNC_DESTINATION_TABLES } from '@portal/domain/sync-destinations';
import { DEFAULT_FULL_RELOAD_GROUP_ID, DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { mutateWarehouse } from '@portal/tools/warehouse/mutate';
import { sql } from 'kysely';
import { testDialects } from '../test/databases';
import { changeTestWarehouse, useTestWarehouse } from '../test/warehouse';
import { readWatermark } from './incremental-store';
import { childJobs } from './jobs';
import { runGroupJob } from './runner';
import { tableContents, useLiveAndReference } from './test-context';
import { openDuckDbWarehouse } from './warehouse/duckdb';

/**
 * The default groups on every dialect (issue 33): "live" takes the default full sync
 * (its large tables incremental) after each day's mutation of the warehouse, "reference"
 * the full reload of every table. After each day both portal databases must hold the same
 * rows in every synced table and every table derived from them, which the incremental
 * runs keep from the changed rows alone (derived-changes.ts).
 */
const DERIVED_TABLES = [
  'analytics_processing_days',
  'analytics_status_days',
  'analytics_patient_days',
  'patient_order_counts',
  'order_worklist',
  'order_worklist_counts',
  'patient_phones',
] as const;

const DAYS = ['2025-07-01T08:00:00Z', '2025-07-02T08:00:00Z', '2025-07-03T08:00:00Z'];

describe.each(testDialects())(
  'incremental default groups and their derived tables [%s]',
  (dialect) => {
    const warehouseFile = useTestWarehouse({ patients: 200, seed: 11 });
    const portals = useLiveAndReference(dialect);

    /** The warehouse is opened per run: a mutation needs the file to itself. */
    const runGroup = async (name: 'live' | 'reference', groupId: string) => {
      const { database, loader } = portals[name];
      const warehouse = await openDuckDbWarehouse(warehouseFile());
      try {
        const result = await runGroupJob(
          { db: database.db, warehouse, loader, destinationLabel: dialect },
          groupId,
        );
        const failed = (await childJobs(database.db, result.id)).find(
          (job) => job.status !== 'completed',
        );
        expect(failed?.error_message ?? null).toBeNull();
        expect(result.status).toBe('completed');
      } finally {
        await warehouse.close();
      }
    };

    /** The live portal's orders by key: their status and, on SQLite, their rowid. */
    const orderRows = async () => {
      const id = dialect === 'sqlite' ? sql`rowid` : sql`NULL`;
      const { rows } = await sql<{
        order_id: string;
        id: number | null;
        status: string | null;
      }>`SELECT order_id, ${id} AS id, status FROM orders`.execute(portals.live.database.db);
      return new Map(rows.map((row) => [row.order_id, row]));
    };

    const expectSameTables = async () => {
      for (const table of [...SYNC_DESTINATION_TABLES, ...DERIVED_TABLES]) {
        const [live, reference] = await Promise.all([
          tableContents(portals.live.database, table),
          tableContents(portals.reference.database, table),
        ]);
        expect({ table, rows: live.length }).toEqual({ table, rows: reference.length });
        expect(live, table).toEqual(reference);
      }
    };

    it('loads everything in full on the first run and sets each incremental mark', async () => {
      await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID);
      await runGroup('reference', DEFAULT_FULL_RELOAD_GROUP_ID);
      for (const table of ['patients', 'orders', 'order_items', 'order_status_history']) {
        expect(await readWatermark(portals.live.database.db, table)).toMatchObject({
          needs_full: 0,
        });
      }
      await expectSameTables();
    }, 120_000);

    it.each(DAYS.map((at, index) => ({ at, seed: index + 1 })))(
      'after the warehouse changes on $at, the incremental run equals a full reload',
      async ({ at, seed }) => {
        const before = await readWatermark(portals.live.database.db, 'orders');
        const summary = await mutateWarehouse({
          file: warehouseFile(),
          ordersPercent: 10,
          seed,
          at,
        });
        expect(summary.tables.SALESORDERS.updated).toBeGreaterThan(0);
        const orders = await orderRows();
        await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID);
        if (dialect === 'sqlite') {
          // SQLite updates the orders that moved in place (load/sqlite.ts, inPlaceSql), where
          // it used to delete them and insert them again with a new rowid.
          const moved = [...(await orderRows())].filter(([id, row]) => {
            const old = orders.get(id);
            return old !== undefined && old.status !== row.status;
          });
          expect(moved.length).toBeGreaterThan(0);
          expect(moved.filter(([id, row]) => orders.get(id)!.id !== row.id)).toEqual([]);
        }
        await runGroup('reference', DEFAULT_FULL_RELOAD_GROUP_ID);
        const after = await readWatermark(portals.live.database.db, 'orders');
        // Incremental: the mark moved to the day's changes, with no full reload since.
        expect(after!.full_at).toBe(before!.full_at);
        expect(after!.mark! > before!.mark!).toBe(true);
        await expectSameTables();
      },
      120_000,
    );

    // Only the worklist's rows that moved are rewritten: a change of case alone must reach it
    // (MariaDB's collation would call 'ADAMS' and 'Adams' the same); a new address moves no
    // worklist column, and every table must still equal a full reload.
    it('follows a change of case in a name, stamped as the ERP stamps it', async () => {
      const STAMP = `LASTMODIFIED = TIMESTAMP '2031-01-01 00:00:00'`;
      await changeTestWarehouse(
        warehouseFile(),
        `UPDATE PERSONS SET LASTNAME = upper(LASTNAME), ${STAMP} WHERE PERSONKEY % 5 = 0`,
        `UPDATE ADDRESSES SET STREET = 'Moved', ${STAMP} WHERE ADDRESSKEY % 7 = 0`,
      );
      await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID);
      await runGroup('reference', DEFAULT_FULL_RELOAD_GROUP_ID);
      const { rows } = await sql<{
        last_name: string | null;
      }>`SELECT last_name FROM order_worklist`.execute(portals.live.database.db);
      const shouted = rows.filter(
        ({ last_name: name }) => name && /[A-Z]{2}/.test(name) && name === name.toUpperCase(),
      );
      expect(shouted.length).toBeGreaterThan(0);
      await expectSameTables();
    }, 120_000);

    // An orders load refreshes the analytics only for orders whose patient, day or category
    // moved (derived-changes.ts, orderFactsSql): each of those must reach them, and an order
    // whose delivery alone changed must leave them as they are.
    it("follows an order's new day, category and patient, and a category's new name", async () => {
      const STAMP = `LASTMODIFIED = TIMESTAMP '2031-02-01 00:00:00'`;
      await changeTestWarehouse(
        warehouseFile(),
        `UPDATE SALESORDERS SET DATECREATED = DATECREATED - INTERVAL 3 DAY, ${STAMP} WHERE SALESORDERKEY % 11 = 0`,
        `UPDATE SALESORDERS SET SOCLASSIFICATIONKEY = (SELECT MIN(SOCLASSIFICATIONKEY) FROM SOCLASSIFICATIONS), ${STAMP} WHERE SALESORDERKEY % 13 = 1`,
        `UPDATE SALESORDERS SET PATIENTKEY = (SELECT MIN(PATIENTKEY) FROM PATIENTS), ${STAMP} WHERE SALESORDERKEY % 17 = 2`,
        `UPDATE SALESORDERS SET DELIVERYSTATUS = 'Delivered', ${STAMP} WHERE SALESORDERKEY % 19 = 3`,
        `UPDATE SOCLASSIFICATIONS SET NAME = NAME || ' (renamed)', ${STAMP}
         WHERE SOCLASSIFICATIONKEY = (SELECT SOCLASSIFICATIONKEY FROM SALESORDERS GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1)`,
      );
      await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID);
      await runGroup('reference', DEFAULT_FULL_RELOAD_GROUP_ID);
      const { rows } = await sql<{ n: number | string }>`
        SELECT COUNT(*) AS n FROM analytics_patient_days WHERE category LIKE '%(renamed)'`.execute(
        portals.live.database.db,
      );
      expect(Number(rows[0]!.n)).toBeGreaterThan(0);
      await expectSameTables();
    }, 120_000);
  },
);
