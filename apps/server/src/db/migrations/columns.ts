import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOfDb } from '../database';

type TAnyTable = CreateTableBuilder<string>;

export const isPostgres = (db: Kysely<unknown>): boolean => dialectOfDb(db) === 'postgres';

/** An auto-incrementing integer primary key named id, spelled the way each dialect wants it. */
export const idColumn = (db: Kysely<unknown>, table: TAnyTable): TAnyTable =>
  isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

/** MariaDB/MySQL, whose default collations compare strings without regard to case. */
export const isMysql = (db: Kysely<unknown>): boolean => dialectOfDb(db) === 'mysql';
