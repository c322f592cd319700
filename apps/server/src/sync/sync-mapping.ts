import { validateMapping, type TMapping } from '@portal/domain/sync-mapping';
import { summaryRefillSql } from '../modules/analytics/summaries';
import { orderCountRefillSql } from '../modules/patients/order-count-summary';
import { searchKeyRefillSql } from '../modules/patients/patient-phones';
import { worklistRefillSql } from '../modules/worklist/summary';
import { coerceBatch, type TBatch, type TDestinationColumn } from './batch';
import { addBatch, emptyChecksum } from './checksum';
import { compileMapping } from './compile';
import type { TLoader, TLoadMode } from './load/types';
import { reconcile, type TReconciliation } from './reconcile';
import type { TWarehouse } from './warehouse/types';

export type TMappingRun = {
  sql: string;
  mode: TLoadMode;
  rowsProcessed: number;
  rowsInserted: number;
  reconciliation: TReconciliation;
};

export type TSyncMappingOptions = {
  mapping: unknown;
  warehouse: TWarehouse;
  loader: TLoader;
  /** Rows loaded so far and the warehouse's count. */
  onProgress?: (rows: number, total: number) => Promise<void> | void;
  log?: (level: 'info' | 'debug' | 'warning', message: string) => void;
};

/** truncate_first wins over use_upsert: upserting into an emptied table is a plain load. */
export const loadModeOf = (mapping: TMapping): TLoadMode =>
  mapping.truncate_first ? 'replace' : mapping.use_upsert ? 'upsert' : 'append';

/** The destination columns a query's result columns land in, matched without regard to case. */
export const destinationColumnsFor = (
  table: string,
  resultColumns: string[],
  available: TDestinationColumn[],
): TDestinationColumn[] => {
  const byName = new Map(available.map((column) => [column.name.toLowerCase(), column]));
  return resultColumns.map((name) => {
    const column = byName.get(name.toLowerCase());
    if (!column) {
      throw new Error(`Column "${name}" not found in destination table ${table}`);
    }
    return column;
  });
};

/**
 * One mapping, end to end: validate, compile, stream from the warehouse, load
 * (in one transaction, or staged then moved in one), and reconcile before the
 * commit, so a mismatch leaves the previous rows in place.
 */
export const syncMapping = async (options: TSyncMappingOptions): Promise<TMappingRun> => {
  const { warehouse, loader, onProgress, log = () => undefined } = options;
  const validation = validateMapping(options.mapping);
  if (!validation.ok) {
    throw new Error(validation.errors.join('; '));
  }
  const mapping = validation.mapping;
  const table = mapping.mysql_table;
  const sql = compileMapping(mapping, warehouse.dialect);
  log('debug', `Warehouse query: ${sql}`);

  const available = await loader.describe(table);
  if (available.length === 0) {
    throw new Error(`Destination table ${table} not found in the portal database`);
  }
  const total = await warehouse.count(sql);
  log('info', `Source query returns ${total} rows`);

  const result = await warehouse.query(sql);
  const iterator = result.batches[Symbol.asyncIterator]();
  let columns: TDestinationColumn[];
  try {
    columns = destinationColumnsFor(table, result.columns, available);
    const missingKey = mapping.key_columns.find(
      (key) => !columns.some((column) => column.name === key),
    );
    if (mapping.use_upsert && missingKey) {
      throw new Error(`Key column "${missingKey}" is not among the selected columns`);
    }
  } catch (error) {
    await iterator.return?.();
    throw error;
  }

  const mode = loadModeOf(mapping);
  const kinds = columns.map((column) => column.kind);
  const source = emptyChecksum();
  const batches = (async function* (): AsyncGenerator<TBatch> {
    for (;;) {
      const next = await iterator.next();
      if (next.done) {
        return;
      }
      const batch = coerceBatch(next.value, kinds);
      addBatch(source, batch);
      yield batch;
    }
  })();

  let reconciliation: TReconciliation | undefined;
  const loaded = await loader.load({
    plan: { table, columns, mode, keyColumns: mapping.key_columns },
    batches,
    onBatch: (rows) => onProgress?.(rows, total),
    verify: (destination) => {
      reconciliation = reconcile({ table, warehouseCount: total, source, destination });
    },
    afterLoad: [
      ...summaryRefillSql(loader.dialect, table),
      ...(table === 'orders' ? orderCountRefillSql(loader.dialect) : []),
      ...worklistRefillSql(loader.dialect, table),
      ...searchKeyRefillSql(table),
    ],
  });
  log(
    'info',
    `Loaded ${loaded.rowsInserted} rows into ${table} (${mode}); reconciled ${reconciliation!.destinationCount} rows, checksum ${reconciliation!.sourceChecksum}`,
  );
  return {
    sql,
    mode,
    rowsProcessed: source.rows,
    rowsInserted: loaded.rowsInserted,
    reconciliation: reconciliation!,
  };
};
