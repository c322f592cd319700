import { createConnection } from 'mysql2';
import { mysqlConnectionOptions } from '../../db/database';
import { columnKind, type TBatch, type TDestinationColumn, type TValue } from '../batch';
import { addReadBackRow, emptyChecksum } from '../checksum';
import { runSteps } from './incremental';
import {
  STAGE_TABLE,
  readBackSql,
  updateColumns,
  type TDestinationState,
  type TLoadOptions,
  type TLoadPlan,
  type TLoadStep,
  type TLoader,
  type TLoaderOptions,
} from './types';

const quote = (name: string) => `\`${name.replaceAll('`', '``')}\``;
// Well under the server's max_allowed_packet (16 MiB by default on MariaDB 10.2+).
const STATEMENT_CHARS = 4 * 1024 * 1024;

const ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\n': '\\n',
  '\r': '\\r',
  '\b': '\\b',
  '\t': '\\t',
  '\x1a': '\\Z',
  "'": "\\'",
  '\\': '\\\\',
};
// The characters MySQL's string literals need escaped, control characters among them.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\0\n\r\b\t\x1a'\\]/g;

/** A SQL literal for MySQL's default sql_mode (backslash escapes on). */
const literal = (value: TValue): string => {
  if (value === null) {
    return 'NULL';
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value) : 'NULL';
  }
  return `'${value.replace(NEEDS_ESCAPE, (match) => ESCAPES[match]!)}'`;
};

/**
 * MySQL and MariaDB: one transaction on the loader's own connection, rows sent
 * as multi-row INSERT statements of a few MiB with the values inlined (no
 * prepared statement has room for that many placeholders). InnoDB readers keep
 * seeing the previous rows until COMMIT.
 */
export const openMysqlLoader = async (
  url: string,
  options: TLoaderOptions = {},
): Promise<TLoader> => {
  const rowsPerStatement = options.rowsPerStatement ?? Number.MAX_SAFE_INTEGER;
  const core = createConnection(mysqlConnectionOptions(url));
  // The callback connection streams read-back rows; the promise view runs everything else.
  const connection = core.promise();
  await connection.connect();

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

  const readBack = async (plan: TLoadPlan): Promise<TDestinationState> => {
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

  const load = async (loadOptions: TLoadOptions) => {
    const { plan, batches, onBatch, verify, afterLoad = [], before = [], after = [] } = loadOptions;
    const staged = plan.mode !== 'replace';
    const table = quote(plan.table);
    const target = staged ? quote(STAGE_TABLE) : table;
    const names = plan.columns.map((column) => quote(column.name)).join(', ');
    const head = `INSERT INTO ${target} (${names}) VALUES `;
    let tuples: string[] = [];
    let chars = 0;
    let rows = 0;
    // One statement in flight while the next is built (see the PostgreSQL loader).
    let inFlight: Promise<void> = Promise.resolve();
    let failure: Error | undefined;
    const flush = async () => {
      await inFlight;
      if (failure !== undefined) {
        throw failure;
      }
      if (tuples.length === 0) {
        return;
      }
      const sql = head + tuples.join(',');
      tuples = [];
      chars = 0;
      inFlight = connection.query(sql).then(
        () => undefined,
        (error: unknown) => {
          failure = error instanceof Error ? error : new Error(String(error));
        },
      );
    };
    const append = async (batch: TBatch) => {
      const width = batch.columns.length;
      const values = new Array<string>(width);
      for (let row = 0; row < batch.rowCount; row += 1) {
        for (let column = 0; column < width; column += 1) {
          values[column] = literal(batch.columns[column]![row]!);
        }
        const tuple = `(${values.join(',')})`;
        tuples.push(tuple);
        chars += tuple.length + 1;
        if (chars >= STATEMENT_CHARS || tuples.length >= rowsPerStatement) {
          await flush();
        }
      }
    };

    await connection.query(`DROP TEMPORARY TABLE IF EXISTS ${quote(STAGE_TABLE)}`);
    await connection.query('START TRANSACTION');
    try {
      if (staged) {
        await connection.query(
          `CREATE TEMPORARY TABLE ${target} AS SELECT ${names} FROM ${table} LIMIT 0`,
        );
      } else {
        await connection.query(`DELETE FROM ${table}`);
      }
      for await (const batch of batches) {
        await append(batch);
        rows += batch.rowCount;
        await onBatch?.(rows);
      }
      // The second call waits for the last statement and reports its failure.
      await flush();
      await flush();

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
      for (const statement of afterLoad) {
        await connection.query(statement);
      }
      await runSteps(after, runStep);
      await connection.query('COMMIT');
      // Fresh statistics, or the planner judges the new rows by the old ones. Best effort:
      // the load has committed, and the server refreshes statistics itself in time.
      await connection.query(`ANALYZE TABLE ${table}`).catch(() => undefined);
      return { rowsInserted: rows, destination };
    } catch (error) {
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

  return { dialect: 'mysql', describe, load, inspect, close: () => connection.end() };
};
