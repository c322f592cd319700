import { acquireCheckpointer } from '../../db/sqlite-checkpointer';
import { openSqliteFile } from '../../db/sqlite-driver';
import { columnKind, type TBatch, type TDestinationColumn, type TValue } from '../batch';
import { addReadBackRow, checksumOfSum, emptyChecksum, type TChecksum } from '../checksum';
import { SQLITE_CHECKSUM, sqliteChecksumSql } from './checksum-sql';
import { checkStep } from './incremental';
import {
  STAGE_TABLE,
  afterLoadChoice,
  changedRowCondition,
  updateColumns,
  type TLoadPlan,
  type TDestinationState,
  type TLoadOptions,
  type TLoadStep,
  type TLoader,
  type TLoaderOptions,
} from './types';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const STAGE = `temp.${quote(STAGE_TABLE)}`;
/** The keys of an upsert's staged rows that the table holds with other values. */
const MOVED_TABLE = '_sync_moved';
const MOVED = `temp.${quote(MOVED_TABLE)}`;
/** The page cache of an upsert's move, in KiB (better-sqlite3 builds SQLite with 16,000). */
const UPSERT_CACHE_KIB = 256 * 1024;
// SQLite's limit on bound parameters per statement.
const MAX_PARAMETERS = 32_766;

/**
 * SQLite: rows go first into a temporary table on the loader's own connection
 * (private to it, so no lock on the portal file while the warehouse streams),
 * then one short IMMEDIATE transaction moves them into place, computes their
 * count and checksum for reconciliation and commits. The write lock is never held across an
 * await: better-sqlite3 is synchronous, and another connection in this process
 * waiting on the lock would block the event loop that has to release it.
 */
export const openSqliteLoader = (file: string, options: TLoaderOptions = {}): TLoader => {
  const db = openSqliteFile(file);
  db.pragma('busy_timeout = 5000');
  // Its commits leave the log to the file's checkpoint worker (db/sqlite-checkpointer.ts).
  const checkpointer = acquireCheckpointer(db, file, options.warn);
  // The content checksum as an aggregate of this connection, so reconciliation is one
  // statement as on the other databases (./checksum-sql.ts); the sum leaves as text.
  db.aggregate(SQLITE_CHECKSUM, {
    varargs: true,
    deterministic: true,
    start: (): TChecksum => emptyChecksum(),
    step: (state: TChecksum, ...values: unknown[]) => {
      addReadBackRow(state, values);
    },
    result: (state: TChecksum) => ((BigInt(state.sumA) << 32n) | BigInt(state.sumB)).toString(),
  });

  /** Count and content checksum of the rows reconciliation compares. */
  const checksumOf = (plan: TLoadPlan): TDestinationState => {
    const [rows, sum] = db
      .prepare(sqliteChecksumSql({ plan, quote, stage: STAGE }))
      .raw(true)
      .get() as [number, string | null];
    const checksum = checksumOfSum(rows, sum);
    return { count: checksum.rows, checksum };
  };

  const describe = async (table: string): Promise<TDestinationColumn[]> => {
    const rows = db.prepare(`PRAGMA main.table_info(${quote(table)})`).all() as {
      name: string;
      type: string;
    }[];
    return rows.map((row) => ({ name: row.name, dataType: row.type, kind: columnKind(row.type) }));
  };

  const runSteps = (steps: readonly TLoadStep[]) => {
    for (const step of steps) {
      const statement = db.prepare(step.sql);
      const params = step.params ?? [];
      if (statement.reader) {
        checkStep(step, {
          changes: 0,
          scalar: (statement.raw(true).get(params) as unknown[] | undefined)?.[0],
        });
      } else {
        checkStep(step, { changes: statement.run(params).changes, scalar: undefined });
      }
    }
  };

  /**
   * A replace writes every row of the table again: its own indexes (not its key's) are
   * dropped first and built again after, each sorted once, instead of taking every row
   * at random. At 1M patients the status history's 31M rows went into two indexes that
   * way rather than through SQLite's small page cache to disk. Same transaction, so the
   * indexes are back before anything reads the table; readers keep the previous snapshot
   * (WAL) until the commit. The definitions are the database's own, as created.
   */
  const replaceRows = (table: string, statements: readonly string[]) => {
    const indexes = db
      .prepare(
        `SELECT name, sql FROM main.sqlite_master
         WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`,
      )
      .all(table) as { name: string; sql: string }[];
    for (const index of indexes) {
      db.exec(`DROP INDEX main.${quote(index.name)}`);
    }
    for (const statement of statements) {
      db.prepare(statement).run();
    }
    for (const index of indexes) {
      db.exec(index.sql);
    }
  };

  /**
   * An upsert's staged rows that the table holds with other values, updated in place before
   * its INSERT … ON CONFLICT: one UPDATE per group of columns held by the same indexes,
   * setting that group where it differs. SQLite rewrites a row's entry in every index holding
   * a column an UPDATE sets, moved or not, and a conflict's DO UPDATE sets every column: an
   * order that moved on rewrote all eight of its indexes. The rows that differ are found
   * first, in one pass over the stage, so the group passes read only those. A column counts
   * as an index's when the index names it or its text does (an expression, a partial index's
   * WHERE): too many only costs a pass. Single-column keys; others upsert as before.
   */
  const inPlaceSql = (plan: TLoadPlan): string[] => {
    const [key, ...otherKeys] = plan.keyColumns;
    const columns = updateColumns(plan);
    if (key === undefined || otherKeys.length > 0 || columns.length === 0) {
      return [];
    }
    const indexes = db
      .prepare(`SELECT name, sql FROM main.sqlite_master WHERE type = 'index' AND tbl_name = ?`)
      .all(plan.table) as { name: string; sql: string | null }[];
    const holders = new Map<string, string[]>(columns.map((column) => [column, []]));
    for (const index of indexes) {
      const named = new Set(
        (
          db.prepare(`PRAGMA main.index_xinfo(${quote(index.name)})`).all() as {
            name: string | null;
          }[]
        ).map((column) => column.name),
      );
      for (const column of columns) {
        const word = new RegExp(`(^|[^\\w])${column.replace(/\W/g, '\\$&')}($|[^\\w])`);
        if (named.has(column) || (index.sql !== null && word.test(index.sql))) {
          holders.get(column)!.push(index.name);
        }
      }
    }
    const groups = new Map<string, string[]>();
    for (const [column, names] of holders) {
      const group = names.join(' ');
      groups.set(group, [...(groups.get(group) ?? []), column]);
    }
    const table = `main.${quote(plan.table)}`;
    const on = `t.${quote(key)} = s.${quote(key)}`;
    const differs = (group: readonly string[]) =>
      `NOT (${group.map((column) => `t.${quote(column)} IS s.${quote(column)}`).join(' AND ')})`;
    return [
      `DROP TABLE IF EXISTS ${MOVED}`,
      `CREATE TEMP TABLE ${quote(MOVED_TABLE)} (k PRIMARY KEY)`,
      `INSERT INTO ${MOVED} (k) SELECT s.${quote(key)} FROM ${STAGE} AS s
       JOIN ${table} AS t ON ${on} WHERE ${differs(columns)}`,
      ...[...groups.values()].map(
        (
          group,
        ) => `UPDATE ${table} AS t SET ${group.map((column) => `${quote(column)} = s.${quote(column)}`).join(', ')}
         FROM ${STAGE} AS s
         WHERE t.${quote(key)} IN (SELECT k FROM ${MOVED}) AND ${on} AND ${differs(group)}`,
      ),
    ];
  };

  const load = async (loadOptions: TLoadOptions) => {
    const { plan, batches, onBatch, verify, afterLoad = [], before = [], after = [] } = loadOptions;
    const names = plan.columns.map((column) => quote(column.name)).join(', ');
    const width = plan.columns.length;
    const tuple = `(${new Array<string>(width).fill('?').join(', ')})`;
    const insertSql = (rows: number) =>
      `INSERT INTO ${STAGE} (${names}) VALUES ${new Array<string>(rows).fill(tuple).join(', ')}`;

    db.exec(`DROP TABLE IF EXISTS ${STAGE}`);
    // Columns without a declared type keep each value exactly as bound.
    db.exec(`CREATE TEMP TABLE ${quote(STAGE_TABLE)} (${names})`);
    try {
      const rowsPerStatement = Math.max(
        1,
        Math.min(options.rowsPerStatement ?? 500, Math.floor(MAX_PARAMETERS / width)),
      );
      const full = db.prepare(insertSql(rowsPerStatement));
      const parameters = new Array<TValue>(rowsPerStatement * width);
      let filled = 0;
      const stageBatch = db.transaction((batch: TBatch) => {
        for (let row = 0; row < batch.rowCount; row += 1) {
          for (let column = 0; column < width; column += 1) {
            parameters[filled] = batch.columns[column]![row]!;
            filled += 1;
          }
          if (filled === parameters.length) {
            full.run(parameters);
            filled = 0;
          }
        }
      });
      let rows = 0;
      for await (const batch of batches) {
        stageBatch(batch);
        rows += batch.rowCount;
        await onBatch?.(rows);
      }
      if (filled > 0) {
        db.prepare(insertSql(filled / width)).run(parameters.slice(0, filled));
      }

      const table = `main.${quote(plan.table)}`;
      const copy = `INSERT INTO ${table} (${names}) SELECT ${names} FROM ${STAGE}`;
      const runAfterLoad = () => {
        const empty = (name: string) =>
          db
            .prepare(`SELECT NOT EXISTS (SELECT 1 FROM main.${quote(name)})`)
            .pluck()
            .get() === 1;
        for (const entry of afterLoad) {
          for (const statement of afterLoadChoice(entry, empty)) {
            db.exec(statement);
          }
        }
        runSteps(after);
      };
      const move = db.transaction((): TDestinationState => {
        runSteps(before);
        if (plan.mode === 'append') {
          const before = db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
          db.prepare(copy).run();
          const after = db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
          const state = { count: after - before, checksum: undefined };
          verify(state);
          runAfterLoad();
          return state;
        }
        if (plan.mode === 'replace') {
          replaceRows(plan.table, [`DELETE FROM ${table}`, copy]);
        } else {
          const keys = plan.keyColumns.map(quote).join(', ');
          const updates = updateColumns(plan);
          const action =
            updates.length === 0
              ? 'DO NOTHING'
              : `DO UPDATE SET ${updates.map((name) => `${quote(name)} = excluded.${quote(name)}`).join(', ')}
                 WHERE ${changedRowCondition('sqlite', quote(plan.table), updates, quote)}`;
          for (const statement of inPlaceSql(plan)) {
            db.prepare(statement).run();
          }
          // "WHERE true" tells SQLite's parser the ON CONFLICT belongs to the INSERT.
          db.prepare(`${copy} WHERE true ON CONFLICT (${keys}) ${action}`).run();
          db.exec(`DROP TABLE IF EXISTS ${MOVED}`);
        }
        const state = checksumOf(plan);
        // Throwing here rolls the move back: the table keeps its previous rows.
        verify(state);
        runAfterLoad();
        return state;
      });
      // An incremental run's move writes thousands of rows at random into large indexes: with
      // SQLite's 16 MB page cache, pages went to the log before the commit and were read back
      // and written again (docs/decisions.md, "SQLite checkpoints in a worker thread"). A
      // replace builds its indexes by sorting and gained nothing from it, so it keeps 16 MB.
      const cacheSize = db.pragma('cache_size', { simple: true }) as number;
      if (plan.mode === 'upsert') {
        db.pragma(`cache_size = ${-UPSERT_CACHE_KIB}`);
      }
      let destination: TDestinationState;
      try {
        destination = move.immediate();
      } finally {
        if (plan.mode === 'upsert') {
          db.pragma(`cache_size = ${cacheSize}`);
          db.pragma('shrink_memory');
        }
      }
      checkpointer.request();
      // Fresh statistics for the planner, sampled (analysis_limit) so a million rows
      // take milliseconds. An upsert (an incremental run's few thousand rows) leaves them to
      // PRAGMA optimize, which analyses only tables never analysed or whose size moved
      // tenfold: ANALYZE of the status history, orders and items was 0.6 s of a 22 s run
      // at 110k patients, for statistics a 1 % change does not move. Best effort: the load
      // has committed.
      try {
        db.exec(
          `PRAGMA analysis_limit = 1000; ${plan.mode === 'upsert' ? 'PRAGMA optimize(0x10002)' : `ANALYZE ${table}`}`,
        );
      } catch {
        // Statistics only steer plans; a load without them is still complete.
      }
      return { rowsInserted: rows, destination };
    } finally {
      db.exec(`DROP TABLE IF EXISTS ${STAGE}`);
    }
  };

  const inspect = async (table: string, columns: TDestinationColumn[]) =>
    checksumOf({ table, columns, mode: 'replace', keyColumns: [] });

  // One IMMEDIATE transaction, run through without an await, with an upsert's page cache:
  // the worklist's rows are rewritten at random in large indexes.
  const derive = async (statements: readonly string[]) => {
    const cacheSize = db.pragma('cache_size', { simple: true }) as number;
    db.pragma(`cache_size = ${-UPSERT_CACHE_KIB}`);
    try {
      db.transaction(() => {
        for (const statement of statements) {
          db.exec(statement);
        }
      }).immediate();
    } finally {
      db.pragma(`cache_size = ${cacheSize}`);
      db.pragma('shrink_memory');
    }
    checkpointer.request();
  };

  return {
    dialect: 'sqlite',
    describe,
    load,
    inspect,
    derive,
    close: async () => {
      await checkpointer.release();
      db.close();
    },
  };
};
