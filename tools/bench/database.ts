import { existsSync, readdirSync, readFileSync } from 'node:fs';
import Sqlite from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';

/**
 * The database server a benchmark's --database-url names: created when missing, so a
 * fresh machine runs the MariaDB and PostgreSQL benchmarks with no step by hand, and
 * its processes' CPU time, so a run shows what each answer cost the database as well.
 */

/** Creates the database of a mysql:// or postgres:// URL unless it exists (SQLite needs none). */
export const ensureDatabase = async (url: string) => {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (/^(mysql|mariadb):$/i.test(parsed.protocol)) {
    parsed.pathname = '/';
    const admin = await mysql.createConnection({
      uri: parsed.toString().replace(/^mariadb:/i, 'mysql:'),
    });
    await admin.query(
      `CREATE DATABASE IF NOT EXISTS ${admin.escapeId(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await admin.end();
  } else if (/^postgres(ql)?:$/i.test(parsed.protocol)) {
    parsed.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: parsed.toString() });
    await admin.connect();
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    }
    await admin.end();
  }
};

/**
 * Deletes the sessions earlier runs left in a reused bench database (`--data-dir`, a named
 * database), before the portal starts. Every run signs in anew, and the session read's cost
 * follows the table's size while it is small: on PostgreSQL, whose planner scans a table of a
 * few hundred rows rather than use its key, the database's CPU per check-auth went from 9 µs
 * to 21 µs over a session's runs (docs/benchmarks.md, session 13). A run must not depend on
 * how many ran before it. A database not migrated yet has no table to clear.
 */
export const forgetSessions = async (target: { url: string } | { sqliteFile: string }) => {
  if ('sqliteFile' in target) {
    if (!existsSync(target.sqliteFile)) {
      return;
    }
    const db = new Sqlite(target.sqliteFile);
    try {
      const table = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sessions'")
        .get();
      if (table) {
        db.prepare('DELETE FROM sessions').run();
      }
    } finally {
      db.close();
    }
    return;
  }
  const { url } = target;
  if (/^(mysql|mariadb):/i.test(url)) {
    const connection = await mysql.createConnection({ uri: url.replace(/^mariadb:/i, 'mysql:') });
    try {
      const [tables] = await connection.query("SHOW TABLES LIKE 'sessions'");
      if (Array.isArray(tables) && tables.length > 0) {
        await connection.query('DELETE FROM sessions');
      }
    } finally {
      await connection.end();
    }
  } else if (/^postgres(ql)?:/i.test(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ found: string | null }>(
        "SELECT to_regclass('sessions') AS found",
      );
      if (rows[0]?.found) {
        await client.query('DELETE FROM sessions');
        await client.query('ANALYZE sessions');
      }
    } finally {
      await client.end();
    }
  }
};

/** User and system CPU time of a process in ms (Linux /proc; undefined elsewhere). */
export const processCpuMs = (pid: number | undefined): number | undefined => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
};

const SERVER_COMMANDS: Record<string, readonly string[]> = {
  mysql: ['mariadbd', 'mysqld'],
  postgres: ['postgres'],
};

/**
 * The CPU time in ms of each process of the local database server (PostgreSQL runs one
 * per connection), by process id; undefined for SQLite, which runs inside the portal's
 * process, and where /proc does not tell.
 */
export const databaseServerCpu = (url: string | undefined): Map<number, number> | undefined => {
  const dialect = url?.match(/^(mysql|mariadb|postgres)/i)?.[1]?.toLowerCase();
  const commands = SERVER_COMMANDS[dialect === 'mariadb' ? 'mysql' : (dialect ?? '')];
  if (!commands) {
    return undefined;
  }
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  const cpu = new Map<number, number>();
  for (const entry of entries) {
    try {
      const pid = Number(entry);
      const ms = processCpuMs(pid);
      if (
        commands.includes(readFileSync(`/proc/${entry}/comm`, 'utf8').trim()) &&
        ms !== undefined
      ) {
        cpu.set(pid, ms);
      }
    } catch {
      // The process ended while the list was read.
    }
  }
  return cpu;
};

/**
 * The database server's CPU time between two readings. A process started in between counts
 * from zero; one that ended in between (an idle pooled connection closed) is left out, as
 * its last figures are gone: a lower bound, never negative.
 */
export const databaseCpuSpent = (
  before: Map<number, number> | undefined,
  after: Map<number, number> | undefined,
): number | undefined => {
  if (!before || !after) {
    return undefined;
  }
  let spent = 0;
  for (const [pid, ms] of after) {
    spent += ms - (before.get(pid) ?? 0);
  }
  return spent;
};
