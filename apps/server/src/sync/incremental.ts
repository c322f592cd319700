import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TMapping } from '@portal/domain/sync-mapping';
import type { Database } from '../db/schema';
import { coerceBatch, type TValue } from './batch';
import { changedKeySteps, derivedChanges } from './derived-changes';
import { applyPendingDerived } from './derived-later';
import { compileMapping, type TWarehouseDialect } from './compile';
import {
  commitWatermarkStep,
  deleteKeySteps,
  hasPrimaryKey,
  markNeedsFull,
  readWatermark,
  tableCountStep,
} from './incremental-store';
import {
  changedRowsSql,
  cursorColumns,
  cursorWindow,
  maxCursorSql,
  selectedColumns,
  touchedKeysSql,
} from './incremental-sql';
import { ReconciliationError } from './reconcile';
import {
  describeDestination,
  destinationColumnsFor,
  loadQuery,
  type TMappingRun,
  type TSyncMappingOptions,
} from './sync-mapping';
import type { TLoadStep } from './load/types';
import type { TWarehouse } from './warehouse/types';

/**
 * Incremental runs (issue 33). A run reads the warehouse rows whose cursor (the latest
 * LASTMODIFIED of the tables the mapping reads) lies in (mark, upTo], upTo being the
 * greatest cursor there when the run starts. It deletes from the portal table every key
 * those rows touch (changed, deleted, superseded, or gone out of the mapping's filters),
 * upserts the live ones among them, checks the whole table's count against the mapping's
 * full query in the warehouse, and moves the mark to upTo: all in the load's transaction.
 * No mark yet, a mark of another mapping, or needs_full: a full reload that sets the mark.
 */
export type TIncrementalRun = {
  full: boolean;
  /** The mark the run started from (null on a full reload), and the one it committed. */
  since: string | null;
  mark: string | null;
  /** Keys the run touched: read again from the warehouse (a full reload: every row). */
  keysTouched: number;
  /**
   * The rows it inserted, updated or deleted: the touched keys less those whose row was
   * already as the warehouse has it (every touched key where that is not traced).
   */
  rowsChanged: number;
};

const readAll = async (warehouse: TWarehouse, sql: string) => {
  const result = await warehouse.query(sql);
  const rows: TValue[][] = [];
  for await (const batch of result.batches) {
    for (let row = 0; row < batch.rowCount; row += 1) {
      rows.push(batch.columns.map((column) => column[row]!));
    }
  }
  return { columns: result.columns, rows };
};

const greatest = (values: TValue[]): string | null =>
  values
    .filter((value): value is string => typeof value === 'string')
    .reduce<string | null>((max, value) => (max === null || value > max ? value : max), null);

/** What a mark belongs to: the mapping's full query, cursor and keys. */
export const mappingHash = (mapping: TMapping, dialect: TWarehouseDialect) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        compileMapping(mapping, dialect),
        cursorColumns(mapping),
        mapping.key_columns,
      ]),
    )
    .digest('hex');

/**
 * An incremental run's statements each read a few thousand rows of tables of millions, by
 * key. PostgreSQL's default random_page_cost (4, a spinning disk's) prices those lookups
 * above a hash join over the whole table, whose pages are mostly outside its small shared
 * buffers: the unchanged-rows check read the whole status history (2.2 s at 110k patients,
 * 1.2 s by key). For the run's transaction only, the cost of a random read on a solid-state
 * disk; a full reload keeps the server's setting.
 */
const KEY_LOOKUPS_COST: TLoadStep = { sql: 'SET LOCAL random_page_cost = 1.1' };

/**
 * The run's ANALYZE of its scratch tables (the staged rows, the touched keys) is for their
 * sizes and keys: with the default target it read every row of a 28k-row stage and built a
 * 100-bucket histogram of each column (0.1 to 0.3 s per mapping at 110k patients), and a
 * sample of 3,000 rows tells the planner as much. The run analyses no other table.
 */
const SCRATCH_STATISTICS: TLoadStep = { sql: 'SET LOCAL default_statistics_target = 10' };

/**
 * A promise awaited later, or never when the run stops first (a broken stream): its failure
 * is left to whoever awaits it, and is not an unhandled rejection that ends the process.
 */
const settled = <T>(promise: Promise<T>): Promise<T> => {
  promise.catch(() => undefined);
  return promise;
};

/** One run of an incremental mapping: a full reload or the changes since its mark. */
export const syncIncremental = async (
  options: TSyncMappingOptions & { mapping: TMapping; portal: Kysely<Database> },
): Promise<TMappingRun> => {
  const { mapping, warehouse, loader, portal, log = () => undefined } = options;
  const dialect = warehouse.dialect;
  const table = mapping.mysql_table;
  const now = Date.now();
  const hash = mappingHash(mapping, dialect);
  const previous = await readWatermark(portal, table);
  const since =
    previous &&
    previous.needs_full === 0 &&
    previous.mapping_hash === hash &&
    !mapping.incremental!.full_reload
      ? previous.mark
      : null;
  const full = since === null;
  const maxima = await readAll(warehouse, maxCursorSql(mapping, dialect, since));
  const upTo = greatest(maxima.rows[0] ?? []) ?? since;
  const fullSql = compileMapping(mapping, dialect);
  const commit = commitWatermarkStep(loader.dialect, {
    table,
    hash,
    mark: upTo,
    fullAt: full ? now : undefined,
    previous,
    now,
  });
  try {
    if (full) {
      const why = !previous
        ? 'no high-water mark yet'
        : previous.mapping_hash !== hash
          ? 'the mapping changed'
          : mapping.incremental!.full_reload
            ? 'the mapping reloads in full on every run'
            : 'a full reload was requested';
      log('info', `Full reload of ${table} (${why}), up to ${upTo ?? 'no rows'}`);
      await describeDestination(loader, table);
      const total = await warehouse.count(fullSql);
      const run = await loadQuery({
        ...options,
        sql: fullSql,
        total,
        mode: 'replace',
        after: [commit],
      });
      const rows = run.rowsProcessed;
      return {
        ...run,
        incremental: { full, since, mark: upTo, keysTouched: rows, rowsChanged: rows },
      };
    }
    const window = cursorWindow(mapping, dialect, since, upTo);
    const sql = changedRowsSql(mapping, dialect, window);
    log('info', `Incremental run of ${table}: changes after ${since} up to ${upTo}`);
    log('debug', `Warehouse query: ${sql}`);
    const available = await describeDestination(loader, table);
    // The warehouse's reads go out together, each on a connection of its own: the touched
    // keys and the changed rows' count first, while the whole query's count runs on through
    // the changed rows' stream; the move waits for it (loadQuery's `after`). A failure of
    // that count surfaces there, or gives way to whatever stopped the run first (settled).
    const live = settled(warehouse.count(fullSql));
    const [touched, total] = await Promise.all([
      readAll(warehouse, touchedKeysSql(mapping, dialect, window)),
      warehouse.count(sql),
    ]);
    const keyKinds = destinationColumnsFor(table, touched.columns, available).map((c) => c.kind);
    const keys = touched.rows.map((row) =>
      coerceBatch({ rowCount: 1, columns: row.map((value) => [value]) }, keyKinds).columns.map(
        (c) => c[0]!,
      ),
    );
    // The derived tables follow the changed rows where the table's changes can be traced.
    const changed = { rows: keys.length };
    const traced = {
      keyColumns: mapping.key_columns,
      stagedColumns: selectedColumns(mapping),
      keys,
      changed,
    };
    const changes = derivedChanges(loader.dialect, table, traced);
    const clustered = loader.dialect === 'mysql' && (await hasPrimaryKey(portal, table));
    const run = await loadQuery({
      ...options,
      sql,
      total,
      mode: 'upsert',
      before: [
        ...(loader.dialect === 'postgres' ? [KEY_LOOKUPS_COST, SCRATCH_STATISTICS] : []),
        ...(changes?.before ??
          changedKeySteps(loader.dialect, table, traced) ??
          deleteKeySteps(loader.dialect, table, mapping.key_columns, keys)),
      ],
      afterLoad: changes?.after,
      after: settled(
        live.then((count) => [tableCountStep(loader.dialect, table, count, { clustered }), commit]),
      ),
    });
    const liveCount = await live;
    if (!options.deferDerived) {
      await applyPendingDerived(loader, portal);
    }
    log(
      'info',
      `Incremental run of ${table}: ${keys.length} keys touched, ${changed.rows} rows changed; mark now ${upTo}`,
    );
    return {
      ...run,
      reconciliation: {
        ...run.reconciliation,
        sourceCount: liveCount,
        destinationCount: liveCount,
      },
      incremental: { full, since, mark: upTo, keysTouched: keys.length, rowsChanged: changed.rows },
    };
  } catch (error) {
    if (error instanceof ReconciliationError) {
      await markNeedsFull(portal, table, now);
    }
    throw error;
  }
};
