import { createHash } from 'node:crypto';
import { chmodSync } from 'node:fs';
import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  MysqlAdapter,
  MysqlDialect,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import { createPool, type Pool } from 'mysql2';
import pg from 'pg';
import { PREPARED_SQL_MARK, registerDirectReader, type TDirectReader } from './prepared';
import { setBounded } from '../lib/bounded-map';
import { acquireCheckpointer } from './sqlite-checkpointer';
import { openSqliteFile } from './sqlite-driver';
import type { Database } from './schema';

export type TDialect = 'sqlite' | 'mysql' | 'postgres';

export type TPortalDatabase = {
  db: Kysely<Database>;
  dialect: TDialect;
  /** Closes every connection; for SQLite this also checkpoints the WAL. */
  destroy: () => Promise<void>;
  /** Hands the app's logger over: the pool's own events (a lost connection) are logged there. */
  useLogger: (log: TDatabaseLog) => void;
};

/** The part of the app's (pino) logger the pool writes to. */
export type TDatabaseLog = { warn: (fields: object, message: string) => void };

/**
 * Until the app hands its logger over (a CLI, a test, the start before the app is built), a
 * pool event is still one JSON line in pino's shape, never plain text in the JSON stream.
 */
const jsonLineLog: TDatabaseLog = {
  warn: (fields, message) => {
    process.stdout.write(
      `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, ...fields, msg: message })}\n`,
    );
  },
};

// PostgreSQL hands BIGINT and NUMERIC back as strings; every value we store fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export const dialectOf = (url: string): TDialect => {
  if (/^(mysql|mariadb):\/\//i.test(url)) {
    return 'mysql';
  }
  if (/^postgres(ql)?:\/\//i.test(url)) {
    return 'postgres';
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`DATABASE_URL scheme is not supported: ${url.split(':')[0]}`);
  }
  return 'sqlite';
};

const sqliteDialect = (url: string, log: () => TDatabaseLog) => {
  const file = url.replace(/^sqlite:(\/\/)?/i, '');
  const database = openSqliteFile(file);
  // The file holds patient data: readable by the portal's user only.
  if (file !== ':memory:') {
    chmodSync(file, 0o600);
  }
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const checkpointer = acquireCheckpointer(database, file, (message) => log().warn({}, message));
  const cached = withStatementCache(database);
  return {
    checkpointer,
    dialect: new SqliteDialect({ database: cached }),
    directReader: directReader(database, cached),
  };
};

/**
 * Reads on SQLite's one connection without Kysely's executor: better-sqlite3 is synchronous,
 * so nothing else runs on the connection meanwhile. Not inside a transaction Kysely holds
 * open across awaits (the read would see its uncommitted rows), not for statements that
 * write: those go the usual way, in turn behind Kysely's mutex.
 */
const directReader =
  (
    database: SqliteDatabase.Database,
    statements: { prepare: (sql: string) => SqliteDatabase.Statement },
  ): TDirectReader =>
  (sql, parameters, asValues) => {
    if (database.inTransaction) {
      return undefined;
    }
    const statement = statements.prepare(sql);
    if (!statement.reader) {
      return undefined;
    }
    if (!asValues) {
      return statement.all(parameters);
    }
    // The statement is shared with Kysely's runs, which expect objects.
    try {
      return statement.raw(true).all(parameters);
    } finally {
      statement.raw(false);
    }
  };

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing is a fair share of a small query's
 * cost on SQLite. The portal runs a few hundred distinct statements, so prepared
 * ones are kept by their SQL text (least recently used dropped first). Kysely runs
 * one query at a time on its one connection, so a statement is never busy twice.
 */
const withStatementCache = (database: SqliteDatabase.Database) => {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare: (sql: string) => {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      setBounded(cache, sql, statement, STATEMENT_CACHE_SIZE);
      return statement;
    },
  };
};

/** Connection options for a mysql:// or mariadb:// URL, the same for every connection we open. */
export const mysqlConnectionOptions = (url: string) => {
  const parsed = new URL(url.replace(/^mariadb:/i, 'mysql:'));
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: parsed.pathname.replace(/^\//, ''),
    charset: 'utf8mb4',
    timezone: 'Z',
    // DECIMAL (AVG, SUM) comes back as numbers, matching the other dialects.
    decimalNumbers: true,
  };
};

/** The most statements one MariaDB connection keeps prepared; the least recently used is closed. */
const PREPARED_PER_CONNECTION = 256;

/**
 * Kysely sends every MariaDB query as text, with the values written into it by the
 * driver, and the server parses it anew each time. A prepared query's SQL (db/prepared.ts)
 * goes out with mysql2's execute() instead: a statement prepared on the server once per
 * connection and kept there (mysql2 closes the least recently used beyond
 * PREPARED_PER_CONNECTION), its values sent apart in the binary protocol. Under the API
 * benchmark MariaDB's CPU per answer fell by a quarter to a half for check-auth (the session
 * read) and by a tenth for the patient list (docs/benchmarks.md).
 */
const withServerPrepared = (pool: Pool) => {
  pool.on('connection', (connection) => {
    const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
    connection.query = ((...args: unknown[]) => {
      const [text, values, callback] = args;
      return typeof text === 'string' &&
        text.startsWith(PREPARED_SQL_MARK) &&
        Array.isArray(values) &&
        typeof callback === 'function'
        ? connection.execute(text, values, callback as Parameters<typeof connection.execute>[2])
        : query(...args);
    }) as typeof connection.query;
  });
  return pool;
};

const mysqlDialect = (url: string) => {
  const connectionLimit = Number(new URL(url).searchParams.get('connectionLimit') ?? 10);
  return new MysqlDialect({
    pool: withServerPrepared(
      createPool({
        ...mysqlConnectionOptions(url),
        connectionLimit,
        maxPreparedStatements: PREPARED_PER_CONNECTION,
      }),
    ),
    // For an IN list of keys (a page's patients) MariaDB dives into the index once per
    // key to estimate rows; for keys that are nearly unique the index statistics say
    // as much. Without the dives a page's bare order count took 96 µs instead of 177.
    onCreateConnection: async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('SET SESSION eq_range_index_dive_limit = 1'));
    },
  });
};

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it anew each time;
 * for the list screens' queries planning costs more than running them. A prepared
 * query's SQL (db/prepared.ts) goes out as a named statement instead, prepared once
 * per connection, whose plan PostgreSQL may then keep. Their texts are few, so the
 * names stay few.
 */
const withNamedStatements = (pool: pg.Pool) => {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `portal_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  const patched = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool);
  const connectNamed = async () => {
    const client = await connect();
    if (!patched.has(client)) {
      patched.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const [text, values] = args;
        return typeof text === 'string' && text.startsWith(PREPARED_SQL_MARK)
          ? query({ name: nameOf(text), text, values })
          : query(...args);
      }) as typeof client.query;
    }
    return client;
  };
  return Object.assign(pool, { connect: connectNamed });
};

const postgresDialect = (url: string, log: () => TDatabaseLog) => {
  // A database that does not answer fails the request (503) after 10 s instead of
  // holding it until the client gives up.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client whose connection dies (server restart, admin termination) emits
  // 'error' on the pool; unheard, that event would crash the process. The pool
  // drops the client and opens a fresh one on the next query.
  pool.on('error', (error) => {
    log().warn({ err: { type: error.name, message: error.message } }, 'PostgreSQL connection lost');
  });
  // The pool listens only while a client is idle. A checked-out client whose connection
  // dies also emits 'error' (always when no query is running on it, e.g. between the
  // statements of a transaction), and unheard that ends the process. The running query
  // already fails with the error, and the pool drops the dead client when it comes
  // back, so this listener only has to exist.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return new PostgresDialect({ pool: withNamedStatements(pool) });
};

/** The dialect a Kysely instance speaks, for SQL that must differ between them. */
export const dialectOfDb = <T>(db: Kysely<T>): TDialect => {
  const { adapter } = db.getExecutor();
  if (adapter instanceof MysqlAdapter) {
    return 'mysql';
  }
  return adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
};

/** Opens the portal database named by a DATABASE_URL (a file path means SQLite). */
export const createDatabase = (url: string): TPortalDatabase => {
  const dialect = dialectOf(url);
  let log = jsonLineLog;
  const useLogger = (logger: TDatabaseLog) => {
    log = logger;
  };
  if (dialect === 'sqlite') {
    const sqlite = sqliteDialect(url, () => log);
    const db = new Kysely<Database>({ dialect: sqlite.dialect });
    registerDirectReader(db, sqlite.directReader);
    const destroy = async () => {
      // The worker's connection first: the last connection to close checkpoints what is left.
      await sqlite.checkpointer.release();
      await db.destroy();
    };
    return { db, dialect, destroy, useLogger };
  }
  const driver = dialect === 'mysql' ? mysqlDialect(url) : postgresDialect(url, () => log);
  const db = new Kysely<Database>({ dialect: driver });
  return { db, dialect, destroy: () => db.destroy(), useLogger };
};
