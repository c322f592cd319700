import { hash } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { createConnection, type Connection } from 'mysql2';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { dialectOf, mysqlConnectionOptions } from '../../apps/server/src/db/database';

/**
 * bench:sync --check: whether two portal databases of one dialect hold the same rows in
 * every table a sync writes (the ERP tables and the tables derived from them), whatever
 * their order. Rows stream from the database one at a time and leave behind only a count
 * and an order-independent digest (the sums of each row's MD5 in 32-bit lanes), so a table of
 * 40 million rows costs no memory. Only a table whose digests differ is read again, both
 * sides sorted by every column, to find its first differing row.
 */

/** Tables that record how and when the runs went (jobs, marks, refresh times), not what they loaded. */
const BOOKKEEPING = /^(kysely_|sqlite_|sync_)/;
const BOOKKEEPING_TABLES = new Set([
  'analytics_refresh',
  'audit_log',
  'auth_attempts',
  'housekeeping_runs',
  'mail_outbox',
  'portal_secrets',
  'sessions',
]);

type TReader = {
  tables: () => Promise<string[]>;
  columnCount: (table: string) => Promise<number>;
  /** Each row as one canonical line: in the database's order, or sorted by the first n columns. */
  rows: (table: string, sortColumns: number) => AsyncIterable<string>;
  close: () => Promise<void>;
};

/**
 * One line per row: JSON of its values (no replacer: it costs a function call per value).
 * SQLite's integers come as numbers, exact up to 2^53 (epoch milliseconds are far below);
 * MariaDB's big numbers and dates come as strings; bytes as {type, data}.
 */
const canonical = (values: unknown[]) => JSON.stringify(values);

const orderBy = (count: number) =>
  count > 0 ? ` ORDER BY ${Array.from({ length: count }, (_, index) => index + 1).join(', ')}` : '';

const sqliteReader = (file: string): TReader => {
  const db = new SqliteDatabase(file);
  return {
    tables: async () =>
      (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
          name: string;
        }[]
      ).map((row) => row.name),
    columnCount: async (table) => (db.pragma(`table_info("${table}")`) as unknown[]).length,
    async *rows(table, sortColumns) {
      const statement = db.prepare(`SELECT * FROM "${table}"${orderBy(sortColumns)}`);
      for (const row of statement.raw(true).iterate()) {
        yield canonical(row as unknown[]);
      }
    },
    close: async () => {
      db.close();
    },
  };
};

/**
 * The lines of a stream, read with its own async iteration so the database waits while a
 * table is hashed (readline's iterator may buffer lines ahead of its reader). A line is
 * split on byte 10, which UTF-8 never uses inside a character.
 */
async function* lines(stream: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of stream) {
    const data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(10); end >= 0; end = data.indexOf(10, start)) {
      yield data.toString('utf8', start, end);
      start = end + 1;
    }
    rest = data.subarray(start);
  }
  if (rest.length > 0) {
    yield rest.toString('utf8');
  }
}

const postgresReader = async (url: string): Promise<TReader> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on('error', () => undefined);
  return {
    tables: async () =>
      (
        await client.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
        )
      ).rows.map((row) => row.name),
    columnCount: async (table) =>
      Number(
        (
          await client.query<{ n: string }>(
            "SELECT count(*) AS n FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1",
            [table],
          )
        ).rows[0]!.n,
      ),
    async *rows(table, sortColumns) {
      // COPY's text form is one line per row, newlines inside values escaped.
      const stream = client.query(
        copyTo(`COPY (SELECT * FROM "${table}"${orderBy(sortColumns)}) TO STDOUT`),
      );
      try {
        yield* lines(stream);
      } finally {
        // A comparison that stopped early: the half-read COPY goes, its connection with it
        // (close() is next), and the "Connection terminated" that follows is expected.
        if (!stream.readableEnded) {
          stream.on('error', () => undefined);
          stream.destroy();
        }
      }
    },
    close: () => client.end().catch(() => undefined),
  };
};

const mysqlReader = async (url: string): Promise<TReader> => {
  const connection: Connection = createConnection({
    ...mysqlConnectionOptions(url),
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
  });
  const query = connection.promise();
  const database = mysqlConnectionOptions(url).database;
  return {
    tables: async () => {
      const [rows] = await query.query(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY 1",
        [database],
      );
      return (rows as { name: string }[]).map((row) => row.name);
    },
    columnCount: async (table) => {
      const [rows] = await query.query(
        'SELECT count(*) AS n FROM information_schema.columns WHERE table_schema = ? AND table_name = ?',
        [database, table],
      );
      return Number((rows as { n: number | string }[])[0]!.n);
    },
    async *rows(table, sortColumns) {
      const stream = connection
        .query({
          sql: `SELECT * FROM \`${table}\`${orderBy(sortColumns)}`,
          rowsAsArray: true,
        })
        .stream({ highWaterMark: 1000 });
      try {
        for await (const row of stream) {
          yield canonical(row as unknown[]);
        }
      } finally {
        if (!stream.readableEnded) {
          // The only way to stop a streamed result early: the connection goes with it.
          stream.on('error', () => undefined);
          stream.destroy();
          connection.destroy();
        }
      }
    },
    close: () => query.end().catch(() => undefined),
  };
};

const openReader = (url: string): Promise<TReader> | TReader => {
  const dialect = dialectOf(url);
  return dialect === 'sqlite'
    ? sqliteReader(url)
    : dialect === 'mysql'
      ? mysqlReader(url)
      : postgresReader(url);
};

type TDigest = { rows: number; lanes: [number, number, number, number] };

/**
 * Count and order-independent digest of a table's rows: each row's MD5 as four 32-bit
 * lanes, every lane summed mod 2^32. crypto.hash, one call per row, is about twice as
 * fast as a Hash object per row.
 */
const digest = async (reader: TReader, table: string): Promise<TDigest> => {
  let rows = 0;
  const lanes: TDigest['lanes'] = [0, 0, 0, 0];
  for await (const line of reader.rows(table, 0)) {
    const md5 = hash('md5', line, 'buffer');
    for (let lane = 0; lane < 4; lane += 1) {
      lanes[lane] = (lanes[lane]! + md5.readUInt32BE(lane * 4)) >>> 0;
    }
    rows += 1;
  }
  return { rows, lanes };
};

const sameDigest = (x: TDigest, y: TDigest) =>
  x.rows === y.rows && x.lanes.every((lane, index) => lane === y.lanes[index]);

const shorten = (line: string | undefined) =>
  line === undefined ? '(no row)' : line.length > 300 ? `${line.slice(0, 300)}…` : line;

/** Both sides sorted by every column, read in step: the first position where they part. */
const firstDifference = async (a: TReader, b: TReader, table: string) => {
  const left = a.rows(table, await a.columnCount(table))[Symbol.asyncIterator]();
  const right = b.rows(table, await b.columnCount(table))[Symbol.asyncIterator]();
  try {
    for (let row = 1; ; row += 1) {
      const [x, y] = await Promise.all([left.next(), right.next()]);
      if (x.done && y.done) {
        return undefined;
      }
      if (x.done || y.done || x.value !== y.value) {
        return `${table}, sorted row ${row}: incremental ${shorten(x.done ? undefined : x.value)} / full reload ${shorten(y.done ? undefined : y.value)}`;
      }
    }
  } finally {
    await left.return?.();
    await right.return?.();
  }
};

export type TComparison = {
  /** The tables compared, with their row counts in the incremental run's database. */
  tables: { table: string; rows: number }[];
  /** The tables whose rows differ, with both counts. */
  differing: string[];
  /** The first differing row of the first such table; undefined when every table is the same. */
  difference?: string | undefined;
};

/** Compares the sync-written tables of the incremental database with those of the full reload. */
export const compareDatabases = async (incremental: string, full: string): Promise<TComparison> => {
  const a = await openReader(incremental);
  const b = await openReader(full);
  try {
    const names = (await a.tables()).filter(
      (table) => !BOOKKEEPING.test(table) && !BOOKKEEPING_TABLES.has(table),
    );
    const other = new Set(await b.tables());
    const tables: TComparison['tables'] = [];
    const differing: string[] = [];
    for (const table of names) {
      if (!other.has(table)) {
        differing.push(`${table} (missing from the full reload's database)`);
        continue;
      }
      const [x, y] = [await digest(a, table), await digest(b, table)];
      tables.push({ table, rows: x.rows });
      if (!sameDigest(x, y)) {
        differing.push(
          `${table} (${x.rows.toLocaleString('en-US')} rows against ${y.rows.toLocaleString('en-US')})`,
        );
      }
    }
    const first = differing[0]?.split(' ')[0];
    if (!first || !other.has(first)) {
      return { tables, differing, difference: differing[0] };
    }
    // Last, as it may stop reading half-way and close the connections.
    const found = await firstDifference(a, b, first);
    return {
      tables,
      differing,
      difference: found ?? `${differing[0]}: digests differ but the sorted rows match`,
    };
  } finally {
    await a.close();
    await b.close();
  }
};
