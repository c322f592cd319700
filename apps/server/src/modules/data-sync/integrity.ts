import type { Kysely } from 'kysely';
import type { TIntegrity } from '@portal/domain/data-sync-api';
import { destinationRefused, isSyncDestination } from '@portal/domain/sync-destinations';
import type { TMapping, TSyncGroup } from '@portal/domain/sync-mapping';
import type { Database } from '../../db/schema';
import { coerceBatch } from '../../sync/batch';
import { addBatch, emptyChecksum, formatChecksum } from '../../sync/checksum';
import { compileMapping } from '../../sync/compile';
import type { TLoader } from '../../sync/load/types';
import { destinationColumnsFor, loadModeOf } from '../../sync/sync-mapping';
import type { TWarehouse } from '../../sync/warehouse/types';
import { isoTime } from './presenters';
import { lastTableSync } from './repository';

type TTable = TIntegrity['tables'][number];

/**
 * One table, computed now: the warehouse's rows for the mapping streamed through the
 * same content checksum a load verifies with, against the portal table read back whole.
 */
const checkTable = async (
  warehouse: TWarehouse,
  loader: TLoader,
  mapping: TMapping,
): Promise<Omit<TTable, 'last_sync' | 'last_sync_job_id'>> => {
  const table = mapping.mysql_table;
  if (!isSyncDestination(table)) {
    throw new Error(destinationRefused(table));
  }
  const query = compileMapping(mapping, warehouse.dialect);
  const available = await loader.describe(table);
  if (available.length === 0) {
    throw new Error(`Destination table ${table} not found in the portal database`);
  }
  const warehouseCount = await warehouse.count(query);
  const result = await warehouse.query(query);
  const iterator = result.batches[Symbol.asyncIterator]();
  const source = emptyChecksum();
  try {
    const columns = destinationColumnsFor(table, result.columns, available);
    const kinds = columns.map((column) => column.kind);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      addBatch(source, coerceBatch(next.value, kinds));
    }
    const portal = await loader.inspect(table, columns);
    const warehouseChecksum = formatChecksum(source);
    const portalChecksum = portal.checksum ? formatChecksum(portal.checksum) : null;
    return {
      mysql_table: table,
      warehouse_count: warehouseCount,
      portal_count: portal.count,
      difference: warehouseCount - portal.count,
      // An append mapping adds to rows from elsewhere: its table cannot equal its source.
      checksum_match:
        loadModeOf(mapping) === 'append' ? null : warehouseChecksum === portalChecksum,
      warehouse_checksum: warehouseChecksum,
      portal_checksum: portalChecksum,
      error: null,
    };
  } finally {
    await iterator.return?.();
  }
};

const failedTable = (table: string, error: unknown) => ({
  mysql_table: table,
  warehouse_count: null,
  portal_count: null,
  difference: null,
  checksum_match: null,
  warehouse_checksum: null,
  portal_checksum: null,
  error: error instanceof Error ? error.message : String(error),
});

/** Every table of the group once (a table two mappings fill is checked with the last one). */
export const checkIntegrity = async (options: {
  db: Kysely<Database>;
  group: TSyncGroup;
  open: () => Promise<{ warehouse: TWarehouse; loader: TLoader; close: () => Promise<void> }>;
  now: number;
}): Promise<TIntegrity> => {
  const { db, group } = options;
  const byTable = new Map(group.mappings.map((mapping) => [mapping.mysql_table, mapping]));
  const tables: TTable[] = [];
  let opened: Awaited<ReturnType<typeof options.open>> | undefined;
  let openError: unknown;
  try {
    opened = await options.open();
  } catch (error) {
    openError = error;
  }
  try {
    for (const [table, mapping] of byTable) {
      const checked = opened
        ? await checkTable(opened.warehouse, opened.loader, mapping).catch((error: unknown) =>
            failedTable(table, error),
          )
        : failedTable(table, openError);
      const last = await lastTableSync(db, table);
      tables.push({
        ...checked,
        last_sync: isoTime(last?.end_time),
        last_sync_job_id: last?.id ?? null,
      });
    }
  } finally {
    await opened?.close();
  }
  return {
    success: true,
    group_id: group.id,
    group_name: group.name,
    checked_at: isoTime(options.now)!,
    tables,
  };
};
