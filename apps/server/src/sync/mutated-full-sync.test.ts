import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { mutateWarehouse, type TMutationSummary } from '@portal/tools/warehouse/mutate';
import { childJobs } from './jobs';
import { runGroupJob } from './runner';
import { useSyncTestBed, useTestWarehouse } from './test-context';

const warehouseFile = useTestWarehouse();
let summary: TMutationSummary;
beforeAll(async () => {
  summary = await mutateWarehouse({
    file: warehouseFile(),
    ordersPercent: 5,
    seed: 3,
    at: '2025-07-01T08:00:00Z',
  });
}, 60_000);

describe('default full sync of a mutated warehouse [sqlite]', () => {
  const bed = useSyncTestBed('sqlite', warehouseFile);

  it('loads every default mapping, new rows in and deleted or superseded ones out', async () => {
    const { context, database, warehouse } = bed();
    const result = await runGroupJob(context, DEFAULT_FULL_SYNC_GROUP_ID);
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('completed');
    for (const child of await childJobs(database.db, result.id)) {
      expect(child).toMatchObject({ status: 'completed', error_message: null });
      expect(child.source_count).toBe(child.destination_count);
      expect(child.source_checksum).toBe(child.destination_checksum);
    }
    const keys = async (where: string) => {
      const found: number[] = [];
      const query = await warehouse.query(
        `SELECT DISTINCT SALESORDERKEY FROM SALESORDERS WHERE LASTMODIFIED = TIMESTAMP '2025-07-01 08:00:00' AND ${where}`,
      );
      for await (const batch of query.batches) {
        for (let row = 0; row < batch.rowCount; row += 1) {
          found.push(Number(batch.columns[0]![row]));
        }
      }
      return found;
    };
    const changed = await keys('ISLATEST AND NOT ISDELETED');
    const deleted = await keys('ISDELETED');
    expect(changed.length).toBe(
      summary.tables.SALESORDERS.inserted +
        summary.tables.SALESORDERS.updated +
        summary.tables.SALESORDERS.superseded,
    );
    expect(deleted).toHaveLength(summary.tables.SALESORDERS.deleted);
    const portal = new Set(
      (await database.db.selectFrom('orders').select('order_id').execute()).map((order) =>
        Number(order.order_id),
      ),
    );
    expect(changed.every((key) => portal.has(key))).toBe(true);
    expect(deleted.some((key) => portal.has(key))).toBe(false);
    const live = await warehouse.count(
      'SELECT * FROM SALESORDERS WHERE ISLATEST = TRUE AND ISDELETED = FALSE',
    );
    expect(portal.size).toBe(live);
  });
});
