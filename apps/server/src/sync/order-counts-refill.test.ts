import { describe, expect, it } from 'vitest';
import { refillOrderCounts } from '../modules/patients/order-count-summary';
import { testDialects } from '../test/databases';
import { tableIndexes } from '../test/table-indexes';
import { DEFAULT_MAPPINGS, wholeTableMapping } from './default-groups';
import { syncMapping } from './sync-mapping';
import { useSyncTestBed, useTestWarehouse } from './test-context';

const warehouseFile = useTestWarehouse({ patients: 120 });

/**
 * A full load of the orders refills patient_order_counts its own way on PostgreSQL
 * (./order-counts-refill.ts); on every database the rows must be exactly those of the
 * reference refill (orderCountRefillSql), and the table keeps the key it was migrated with.
 */
describe.each(testDialects())('the order counts a full orders load writes [%s]', (dialect) => {
  const bed = useSyncTestBed(dialect, warehouseFile);

  const counts = async () =>
    (
      await bed()
        .database.db.selectFrom('patient_order_counts')
        .selectAll()
        .orderBy('patient_key')
        .orderBy('classification_key')
        .execute()
    ).map((row) => Object.values(row).map((value) => String(value)));

  it('writes the reference rows into an empty table and a full one, with the key in place', async () => {
    const { database, warehouse, loader } = bed();
    const migrated = await tableIndexes(database.db, dialect, 'patient_order_counts');
    expect(migrated.length).toBeGreaterThanOrEqual(1);
    expect(await counts()).toEqual([]);
    const load = () =>
      syncMapping({
        mapping: wholeTableMapping(DEFAULT_MAPPINGS.orders!),
        warehouse,
        loader,
        portal: database.db,
      });
    for (const fill of ['empty table', 'full table']) {
      await load();
      const loaded = await counts();
      expect(loaded.length, fill).toBeGreaterThan(100);
      expect(await tableIndexes(database.db, dialect, 'patient_order_counts'), fill).toEqual(
        migrated,
      );
      await refillOrderCounts(database.db);
      expect(await counts(), fill).toEqual(loaded);
    }
  });
});
