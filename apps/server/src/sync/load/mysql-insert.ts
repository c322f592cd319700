import type { Connection } from 'mysql2/promise';
import type { TValue } from '../batch';
import type { TRowSink } from './mysql-infile';

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
export const literal = (value: TValue): string => {
  if (value === null) {
    return 'NULL';
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value) : 'NULL';
  }
  return `'${value.replace(NEEDS_ESCAPE, (match) => ESCAPES[match]!)}'`;
};

/**
 * Rows sent as multi-row INSERT statements of a few MiB with the values inlined (no
 * prepared statement has room for that many placeholders): the path for a server with
 * local_infile off. One statement in flight while the next is built.
 */
export const openInsertSink = (options: {
  connection: Connection;
  table: string;
  names: string;
  rowsPerStatement: number;
}): TRowSink => {
  const { connection, table, names, rowsPerStatement } = options;
  const head = `INSERT INTO ${table} (${names}) VALUES `;
  let tuples: string[] = [];
  let chars = 0;
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
  return {
    append: async (batch) => {
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
    },
    finish: async () => {
      // The second call waits for the last statement and reports its failure.
      await flush();
      await flush();
    },
    abort: () => inFlight,
  };
};
