import type { Kysely } from 'kysely';
import { validateMapping, type TMapping } from '@portal/domain/sync-mapping';
import type { Database } from '../db/schema';
import { coerceBatch, type TBatch, type TDestinationColumn } from './batch';
import { addBatch, emptyChecksum } from './checksum';
import { compileMapping } from './compile';
import { derivedRefillSql, refilledTables } from './derived-changes';
import { syncIncremental, type TIncrementalRun } from './incremental';
import { invalidateWatermarkStep } from './incremental-store';
import type { TAfterLoad, TLoader, TLoadMode, TLoadStep } from './load/types';
import { reconcile, type TReconciliation } from './reconcile';
import type { TWarehouse } from './warehouse/types';

export type TMappingRun = {
  sql: string;
  mode: TLoadMode;
  rowsProcessed: number;
  rowsInserted: number;
  reconciliation: TReconciliation;
  /** An incremental mapping's run: whether it reloaded in full, and its marks. */
  incremental?: TIncrementalRun | undefined;
};

export type TSyncMappingOptions = {
  mapping: unknown;
  warehouse: TWarehouse;
  loader: TLoader;
  /** Rows loaded so far and the warehouse's count. */
  onProgress?: (rows: number, total: number) => Promise<void> | void;
  log?: (level: 'info' | 'debug' | 'warning', message: string) => void;
  /** The portal database, where incremental mappings keep their high-water marks. */
  portal?: Kysely<Database> | undefined;
  /**
   * In a group run: an incremental load's worklist changes wait for the step after the
   * group's last mapping (derived-later.ts); a lone run applies them right after its load.
   */
  deferDerived?: boolean | undefined;
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

export type TLoadQueryOptions = Omit<TSyncMappingOptions, 'mapping'> & {
  mapping: TMapping;
  /** The warehouse query whose rows are loaded, and its row count there. */
  sql: string;
  total: number;
  mode: TLoadMode;
  before?: TLoadStep[] | undefined;
  /** Awaited once the rows have streamed in, before the move: it may still be in the making. */
  after?: TLoadStep[] | Promise<TLoadStep[]> | undefined;
  /** The derived tables' statements; by default, every one rebuilt (derived-changes.ts). */
  afterLoad?: TAfterLoad[] | undefined;
};

/**
 * One mapping, end to end: validate, compile, stream from the warehouse, load
 * (in one transaction, or staged then moved in one), and reconcile before the
 * commit, so a mismatch leaves the previous rows in place. An incremental mapping
 * runs through syncIncremental instead.
 */
export const syncMapping = async (options: TSyncMappingOptions): Promise<TMappingRun> => {
  const { warehouse, log = () => undefined } = options;
  const validation = validateMapping(options.mapping);
  if (!validation.ok) {
    throw new Error(validation.errors.join('; '));
  }
  const mapping = validation.mapping;
  if (mapping.incremental) {
    if (!options.portal) {
      throw new Error(
        'An incremental mapping keeps its high-water mark in the portal database, which this run was not given',
      );
    }
    return syncIncremental({ ...options, mapping, portal: options.portal });
  }
  const sql = compileMapping(mapping, warehouse.dialect);
  log('debug', `Warehouse query: ${sql}`);
  await describeDestination(options.loader, mapping.mysql_table);
  const total = await warehouse.count(sql);
  log('info', `Source query returns ${total} rows`);
  return loadQuery({
    ...options,
    mapping,
    sql,
    total,
    mode: loadModeOf(mapping),
    // Rows an incremental mapping's watermark does not cover: its next run reloads in full.
    after: options.portal ? [invalidateWatermarkStep(options.loader.dialect, mapping)] : [],
  });
};

/** The destination table's columns; throws when the portal has no such table. */
export const describeDestination = async (loader: TLoader, table: string) => {
  const available = await loader.describe(table);
  if (available.length === 0) {
    throw new Error(`Destination table ${table} not found in the portal database`);
  }
  return available;
};

/** Streams one warehouse query into the mapping's table and reconciles it, in one load. */
export const loadQuery = async (options: TLoadQueryOptions): Promise<TMappingRun> => {
  const {
    warehouse,
    loader,
    onProgress,
    log = () => undefined,
    mapping,
    sql,
    total,
    mode,
  } = options;
  const table = mapping.mysql_table;
  const available = await describeDestination(loader, table);
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

  const kinds = columns.map((column) => column.kind);
  const source = emptyChecksum();
  // Every loader reads `after` once the batches are done, in the move (TLoadOptions).
  const after: TLoadStep[] = [];
  const batches = (async function* (): AsyncGenerator<TBatch> {
    for (;;) {
      const next = await iterator.next();
      if (next.done) {
        after.push(...((await options.after) ?? []));
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
    afterLoad: options.afterLoad ?? derivedRefillSql(loader.dialect, table),
    refilled: options.afterLoad ? [] : refilledTables(table),
    before: options.before,
    after,
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
