import { createConnection } from 'mysql2';
import { mysqlConnectionOptions } from '../../db/database';
import { columnKind, type TDestinationColumn } from '../batch';
import { addReadBackRow, checksumOfSum, emptyChecksum } from '../checksum';
import { inDatabase, mysqlChecksumSql } from './checksum-sql';
import { runSteps } from './incremental';
import { isInfileRefused, lazySink, openInfileSink, type TRowSink } from './mysql-infile';
import { openInsertSink } from './mysql-insert';
import {
  STAGE_TABLE,
  readBackSql,
  runAfterLoad,
  updateColumns,
  type TDestinationState,
  type TLoadOptions,
  type TLoadPlan,
  type TLoadStep,
  type TLoader,
  type TLoaderOptions,
} from './types';

const CHECKS_OFF = 'SET SESSION unique_checks = 0, foreign_key_checks = 0';
const CHECKS_ON = 'SET SESSION unique_checks = 1, foreign_key_checks = 1';
const quote = (name: string) => `\`${name.replaceAll('`', '``')}\``;
export type TMysqlLoaderOptions = TLoaderOptions & {
  /** infile (the default) falls back to insert when the server has local_infile off. */
  rowPath?: 'infile' | 'insert' | undefined;
};

/**
 * MySQL and MariaDB: one transaction on the loader's own connection, rows streamed
 * through one LOAD DATA LOCAL INFILE statement (mysql-infile.ts), or sent as multi-row
 * INSERT statements where the server does not allow that. InnoDB readers keep seeing
 * the previous rows until COMMIT.
 */
export const openMysqlLoader = async (
  url: string,
  options: TMysqlLoaderOptions = {},
): Promise<TLoader> => {
  const rowsPerStatement = options.rowsPerStatement ?? Number.MAX_SAFE_INTEGER;
  // LOCAL_FILES is among mysql2's default flags; named here because the loader relies on it.
  const core = createConnection({ ...mysqlConnectionOptions(url), flags: ['LOCAL_FILES'] });
  // The callback connection streams read-back rows; the promise view runs everything else.
  const connection = core.promise();
  await connection.connect();
  // Notes (a DECIMAL rounded to its scale, as an INSERT rounds it too) are not warnings:
  // left out of the warning count, they do not fail a LOAD DATA (mysql-infile.ts). A LOAD
  // DATA waits for the warehouse's next rows mid-statement, where the server gives up after
  // net_read_timeout (30 s by default); an hour, for a warehouse that pauses between chunks.
  await connection.query('SET SESSION sql_notes = 0, net_read_timeout = 3600');

  const describe = async (table: string): Promise<TDestinationColumn[]> => {
    const [rows] = await connection.query(
      `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type FROM information_schema.columns
       WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position`,
      [table],
    );
    return (rows as { name: string; type: string }[]).map((row) => ({
      name: row.name,
      dataType: row.type,
      kind: columnKind(row.type),
    }));
  };

  /** The text columns MD5 must see converted to UTF-8 (./checksum-sql.ts). */
  const notUtf8 = async (table: string) => {
    const [rows] = await connection.query(
      `SELECT COLUMN_NAME AS name FROM information_schema.columns
       WHERE table_schema = DATABASE() AND table_name = ? AND CHARACTER_SET_NAME <> 'utf8mb4'`,
      [table],
    );
    return new Set((rows as { name: string }[]).map((row) => row.name));
  };

  /** Count and content checksum in one aggregate statement; rows with reals read back. */
  const readBack = async (plan: TLoadPlan): Promise<TDestinationState> => {
    if (inDatabase(plan.columns)) {
      const sql = mysqlChecksumSql({
        plan,
        quote,
        stage: quote(STAGE_TABLE),
        convert: await notUtf8(plan.table),
      });
      const [rows] = await connection.query({ sql, rowsAsArray: true });
      const [count, sum] = (rows as unknown[][])[0] ?? [];
      const checksum = checksumOfSum(count, sum);
      return { count: checksum.rows, checksum };
    }
    const checksum = emptyChecksum();
    const stream = core
      .query({ sql: readBackSql(plan, quote, quote(STAGE_TABLE)), rowsAsArray: true })
      .stream({ highWaterMark: 4096 });
    for await (const row of stream as AsyncIterable<unknown[]>) {
      addReadBackRow(checksum, row);
    }
    return { count: checksum.rows, checksum };
  };

  const runStep = async (step: TLoadStep) => {
    const [result] = await connection.query(step.sql, step.params ?? []);
    const first = Array.isArray(result) ? (result[0] as object | undefined) : undefined;
    return Array.isArray(result)
      ? { changes: 0, scalar: first ? (Object.values(first)[0] as unknown) : undefined }
      : { changes: (result as { affectedRows: number }).affectedRows, scalar: undefined };
  };

  /**
   * Whether a replace load may go in as InnoDB's bulk insert (MariaDB 10.6+, MDEV-24621):
   * into a table with no rows, with unique_checks and foreign_key_checks off for the load's
   * statement, InnoDB sorts each index's entries and builds its pages whole instead of
   * inserting row by row (about 2.5 times the rows per second on the portal's orders). The
   * primary key stays checked (a duplicate is a LOAD DATA warning, so an error); only a table
   * without a secondary unique index or a foreign key of its own qualifies, so nothing else
   * goes unchecked. A table that has held rows keeps its deleted records until purge and
   * takes the ordinary path.
   */
  const bulkEligible = async (table: string) => {
    const [rows] = await connection.query(
      `SELECT NOT EXISTS (SELECT 1 FROM ${quote(table)})
         AND NOT EXISTS (SELECT 1 FROM information_schema.statistics
           WHERE table_schema = DATABASE() AND table_name = ? AND non_unique = 0
             AND index_name <> 'PRIMARY')
         AND NOT EXISTS (SELECT 1 FROM information_schema.referential_constraints
           WHERE constraint_schema = DATABASE() AND table_name = ?) AS eligible`,
      [table, table],
    );
    return Number((rows as { eligible: unknown }[])[0]?.eligible) === 1;
  };

  let warned = false;
  /**
   * Rows go through LOAD DATA unless the server refuses LOCAL (local_infile off): then
   * through INSERT statements, slower but never a failed sync. Asked anew for each load,
   * at the cost of the round trip the LOAD DATA statement takes anyway, and only once the
   * first rows are there: the warehouse's query may take minutes to produce them.
   */
  const openSink = (table: string, names: string) =>
    lazySink(async () => {
      const insert = () => openInsertSink({ connection, table, names, rowsPerStatement });
      if (options.rowPath === 'insert') {
        return insert();
      }
      try {
        return await openInfileSink({ core, table, names, rowsPerChunk: rowsPerStatement });
      } catch (error) {
        if (!isInfileRefused(error)) {
          throw error;
        }
        if (!warned) {
          warned = true;
          options.warn?.(
            `sync: MariaDB/MySQL refused LOAD DATA LOCAL INFILE (${(error as Error).message}); loading with INSERT statements instead. Set local_infile = ON on the server for full speed.`,
          );
        }
        return insert();
      }
    });

  const load = async (loadOptions: TLoadOptions) => {
    const { plan, batches, onBatch, verify, afterLoad = [], before = [], after = [] } = loadOptions;
    const staged = plan.mode !== 'replace';
    const table = quote(plan.table);
    const target = staged ? quote(STAGE_TABLE) : table;
    const names = plan.columns.map((column) => quote(column.name)).join(', ');
    let rows = 0;
    let sink: TRowSink | undefined;
    let bulk = false;

    await connection.query(`DROP TEMPORARY TABLE IF EXISTS ${quote(STAGE_TABLE)}`);
    await connection.query('START TRANSACTION');
    try {
      if (staged) {
        await connection.query(
          `CREATE TEMPORARY TABLE ${target} AS SELECT ${names} FROM ${table} LIMIT 0`,
        );
      } else {
        // A DELETE, even of no rows, rules the bulk insert out: an empty table is left as it is.
        bulk = await bulkEligible(plan.table);
        if (!bulk) {
          await connection.query(`DELETE FROM ${table}`);
        }
      }
      if (bulk) {
        await connection.query(CHECKS_OFF);
      }
      sink = openSink(target, names);
      for await (const batch of batches) {
        await sink.append(batch);
        rows += batch.rowCount;
        await onBatch?.(rows);
      }
      await sink.finish();
      if (bulk) {
        bulk = false;
        await connection.query(CHECKS_ON);
      }

      await runSteps(before, runStep);
      let destination: TDestinationState;
      const copy = `INSERT INTO ${table} (${names}) SELECT ${names} FROM ${target}`;
      if (plan.mode === 'append') {
        const [result] = await connection.query(copy);
        destination = {
          count: (result as { affectedRows: number }).affectedRows,
          checksum: undefined,
        };
      } else {
        if (plan.mode === 'upsert') {
          const updates = updateColumns(plan);
          // With nothing to update, re-setting the first key is MySQL's "do nothing".
          const set = (updates.length > 0 ? updates : plan.keyColumns.slice(0, 1))
            .map((name) => `${quote(name)} = VALUES(${quote(name)})`)
            .join(', ');
          await connection.query(`${copy} ON DUPLICATE KEY UPDATE ${set}`);
        }
        destination = await readBack(plan);
      }
      verify(destination);
      await runAfterLoad(
        afterLoad,
        (statement) => connection.query(statement),
        async (name) => {
          const [rows] = await connection.query(
            `SELECT NOT EXISTS (SELECT 1 FROM ${quote(name)}) AS empty`,
          );
          return Number((rows as { empty: unknown }[])[0]?.empty) === 1;
        },
      );
      await runSteps(after, runStep);
      await connection.query('COMMIT');
      // Fresh statistics, or the planner judges the new rows by the old ones. Best effort:
      // the load has committed, and the server refreshes statistics itself in time.
      await connection.query(`ANALYZE TABLE ${table}`).catch(() => undefined);
      return { rowsInserted: rows, destination };
    } catch (error) {
      // A LOAD DATA still reading its file holds the connection: end it before the ROLLBACK.
      await sink?.abort(error);
      if (bulk) {
        await connection.query(CHECKS_ON).catch(() => undefined);
      }
      await connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await connection
        .query(`DROP TEMPORARY TABLE IF EXISTS ${quote(STAGE_TABLE)}`)
        .catch(() => undefined);
    }
  };

  const inspect = (table: string, columns: TDestinationColumn[]) =>
    readBack({ table, columns, mode: 'replace', keyColumns: [] });

  const derive = async (statements: readonly string[]) => {
    await connection.query('START TRANSACTION');
    try {
      for (const statement of statements) {
        await connection.query(statement);
      }
      await connection.query('COMMIT');
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };

  return { dialect: 'mysql', describe, load, inspect, derive, close: () => connection.end() };
};
