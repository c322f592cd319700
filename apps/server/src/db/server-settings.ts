import { sql, type Kysely } from 'kysely';
import type { TDialect } from './database';
import type { Database } from './schema';

/**
 * Settings of the database server the portal cannot change but an operator should. InnoDB
 * reads its tables through its own buffer pool, not the operating system's cache, and
 * MariaDB's default pool is 128 MiB: at 50k patients the worklist's indexes alone are
 * 330 MB, and a first full sync took 143 s with the default and 69 s with 4 GiB (issue 33,
 * docs/benchmarks.md). PostgreSQL reads through the system's cache and needs no such note.
 */
export const MIN_MYSQL_BUFFER_POOL = 2 ** 30;

export type TServerNote = { level: 'warn'; message: string };

const mebibytes = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;

/** What the portal says at start about the server's settings; nothing when all is well. */
export const databaseServerNotes = async (
  db: Kysely<Database>,
  dialect: TDialect,
  minimumPool = MIN_MYSQL_BUFFER_POOL,
): Promise<TServerNote[]> => {
  if (dialect !== 'mysql') {
    return [];
  }
  const { rows } = await sql<{
    size: number | string;
  }>`SELECT @@GLOBAL.innodb_buffer_pool_size AS size`.execute(db);
  const size = Number(rows[0]?.size ?? 0);
  if (size >= minimumPool) {
    return [];
  }
  return [
    {
      level: 'warn',
      message: `MariaDB's innodb_buffer_pool_size is ${mebibytes(size)}: syncs and the worklist slow down many times once the portal's tables outgrow it. Set it to at least ${mebibytes(minimumPool)}, or most of the database server's memory (README, "The database server").`,
    },
  ];
};
