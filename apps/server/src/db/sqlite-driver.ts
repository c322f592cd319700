import { createRequire } from 'node:module';
import type SqliteDatabase from 'better-sqlite3';

/**
 * better-sqlite3 is a native module compiled at install (no prebuilt binary can be fetched
 * where only the npm registry is reachable). It is an optional dependency loaded here, the
 * first time a SQLite file is opened, so a MariaDB or PostgreSQL deployment never loads it
 * and may install without it (`npm install --omit=dev --ignore-scripts`: nothing compiles).
 */
const requireModule = createRequire(import.meta.url);

let driver: typeof SqliteDatabase | undefined;

export const SQLITE_MISSING =
  'SQLite support is not installed (the better-sqlite3 module could not be loaded). ' +
  'Run `npm install` without --ignore-scripts, with a C++ compiler and Python on the machine, ' +
  'or set DATABASE_URL to a MariaDB or PostgreSQL database.';

/** Opens a SQLite database file, loading the driver on first use. */
export const openSqliteFile = (file: string): SqliteDatabase.Database => {
  try {
    driver ??= requireModule('better-sqlite3') as typeof SqliteDatabase;
    return new driver(file);
  } catch (error) {
    // Not installed, or installed without its compiled addon (`bindings` cannot find it).
    const message = error instanceof Error ? error.message : String(error);
    if (/Cannot find module|bindings file|better_sqlite3\.node/i.test(message)) {
      throw new Error(SQLITE_MISSING, { cause: error });
    }
    throw error;
  }
};
