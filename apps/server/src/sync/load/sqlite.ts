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
/** The page cache of an upsert's move, in KiB (SQLite's default is 2,000). */
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
          // "WHERE true" tells SQLite's parser the ON CONFLICT belongs to the INSERT.
          db.prepare(`${copy} WHERE true ON CONFLICT (${keys}) ${action}`).run();
        }
        const state = checksumOf(plan);
        // Throwing here rolls the move back: the table keeps its previous rows.
        verify(state);
        runAfterLoad();
        return state;
      });
      // An incremental run's move writes thousands of rows at random into large indexes: with
      // SQLite's 2 MB page cache, pages went to the log before the commit and were read back
      // and written again (docs/decisions.md, "SQLite checkpoints in a worker thread"). A
      // replace builds its indexes by sorting and gained nothing from it, so it keeps 2 MB.
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

  return {
    dialect: 'sqlite',
    describe,
    load,
    inspect,
    close: async () => {
      await checkpointer.release();
      db.close();
    },
  };
};
