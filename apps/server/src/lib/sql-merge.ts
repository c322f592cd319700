import type { TDialect } from '../db/database';

/**
 * Statements the incremental sync (issue 33) uses to keep summary tables up to date from
 * the changed rows, in the SQL each database speaks: scratch tables private to the load's
 * connection, and merges that add a delta's counts to a summary's rows.
 */

/**
 * MariaDB: a statement whose sort carries the columns it groups by. The orders' rows are
 * longer than max_length_for_sort_data's default (1 KiB), so a sort of them kept row ids
 * and read every row again by key after sorting: at 1M orders 3 of the 4.5 s a grouping
 * took, 1.2 s carrying the columns. Scoped to the one statement.
 */
export const MYSQL_SORT_WITH_COLUMNS = 'SET STATEMENT max_length_for_sort_data = 8192 FOR';

/**
 * A temporary table for one load: created once per connection, emptied for each use. With
 * `index`, looked up by those columns (a statement matching its rows reads them by the
 * index, not the whole table once per row of the other side). MariaDB's index is declared
 * in the CREATE: its CREATE INDEX, even on a temporary table, commits the load's
 * transaction.
 */
export const scratchTableSql = (
  dialect: TDialect,
  name: string,
  columns: string,
  index?: readonly string[],
): string[] => {
  if (dialect === 'mysql') {
    const key = index ? `, KEY ${name}_idx (${index.join(', ')})` : '';
    return [
      `CREATE TEMPORARY TABLE IF NOT EXISTS ${name} (${columns}${key})`,
      `DELETE FROM ${name}`,
    ];
  }
  return [
    `CREATE TEMP TABLE IF NOT EXISTS ${name} (${columns})`,
    ...(index
      ? [
          `CREATE INDEX IF NOT EXISTS ${dialect === 'sqlite' ? 'temp.' : ''}${name}_idx ON ${name} (${index.join(', ')})`,
        ]
      : []),
    `DELETE FROM ${name}`,
  ];
};

/** PostgreSQL plans a temporary table without statistics as if it held a thousand rows. */
export const scratchStatisticsSql = (dialect: TDialect, tables: readonly string[]) =>
  dialect === 'postgres' ? tables.map((table) => `ANALYZE ${table}`) : [];

/**
 * Two values are the same, NULL included. MariaDB compares bytes: its collations would
 * take a change of case or of trailing spaces for no change.
 */
export const sameValue = (dialect: TDialect, a: string, b: string) => {
  switch (dialect) {
    case 'mysql':
      return `BINARY ${a} <=> BINARY ${b}`;
    case 'postgres':
      return `${a} IS NOT DISTINCT FROM ${b}`;
    case 'sqlite':
      return `${a} IS ${b}`;
  }
};

/**
 * DELETE of the rows of `table` whose `column` is among the keys of a scratch table (and,
 * with `where`, that meet it; it is given the name the row goes by). MariaDB 10 cannot turn
 * a single-table DELETE's IN (SELECT …) into a join: it reads the whole table and runs the
 * subquery for each row. Its multi-table form reads the keys first and each row by its
 * index (at 20k patients, an incremental history run's DELETE went from 1 s to a lookup).
 */
export const deleteByKeysSql = (
  dialect: TDialect,
  table: string,
  column: string,
  keys: { table: string; column: string },
  where?: (row: string) => string,
) =>
  dialect === 'mysql'
    ? `DELETE t FROM ${keys.table} k STRAIGHT_JOIN ${table} t ON t.${column} = k.${keys.column}${where ? ` WHERE ${where('t')}` : ''}`
    : `DELETE FROM ${table} WHERE ${column} IN (SELECT ${keys.column} FROM ${keys.table})${where ? ` AND ${where(table)}` : ''}`;

/** INSERT … SELECT that skips rows whose key the table already holds. */
export const insertIgnoreSql = (
  dialect: TDialect,
  table: string,
  columns: readonly string[],
  select: string,
) => {
  const into = `${table} (${columns.join(', ')})`;
  switch (dialect) {
    case 'mysql':
      return `INSERT IGNORE INTO ${into} ${select}`;
    case 'postgres':
      return `INSERT INTO ${into} ${select} ON CONFLICT DO NOTHING`;
    case 'sqlite':
      return `INSERT OR IGNORE INTO ${into} ${select}`;
  }
};

/** A join read in the order written: the scratch rows, then each table by its key. */
export const CHANGED_FIRST: Record<TDialect, string> = {
  mysql: 'STRAIGHT_JOIN',
  // Left to itself, SQLite read every order by the patient index and looked each up.
  sqlite: 'CROSS JOIN',
  postgres: 'JOIN',
};

/** The smaller or greater of two values (SQLite's scalar MIN and MAX take two arguments). */
export const least = (dialect: TDialect, a: string, b: string) =>
  dialect === 'sqlite' ? `MIN(${a}, ${b})` : `LEAST(${a}, ${b})`;
export const greatest = (dialect: TDialect, a: string, b: string) =>
  dialect === 'sqlite' ? `MAX(${a}, ${b})` : `GREATEST(${a}, ${b})`;

export type TMerge = {
  table: string;
  /** The summary's primary key: a row of the select with the same key merges into it. */
  keys: readonly string[];
  /** Columns added to the summary's value. */
  add: readonly string[];
  /** Columns that keep the smaller, or the greater, of the two values. */
  least?: readonly string[];
  greatest?: readonly string[];
};

/**
 * INSERT … SELECT that adds each selected row to the summary row with its key, or inserts
 * it. The select's columns are the keys, then add, least and greatest, in that order, and
 * must hold one row per key (grouped).
 */
export const mergeSql = (dialect: TDialect, merge: TMerge, select: string) => {
  const { table, keys, add, least: lower = [], greatest: upper = [] } = merge;
  const columns = [...keys, ...add, ...lower, ...upper];
  const incoming = (column: string) =>
    dialect === 'mysql' ? `VALUES(${column})` : `excluded.${column}`;
  const current = (column: string) => `${table}.${column}`;
  const sets = [
    ...add.map((column) => `${column} = ${current(column)} + ${incoming(column)}`),
    ...lower.map((column) => `${column} = ${least(dialect, current(column), incoming(column))}`),
    ...upper.map((column) => `${column} = ${greatest(dialect, current(column), incoming(column))}`),
  ];
  const insert = `INSERT INTO ${table} (${columns.join(', ')})`;
  if (dialect === 'mysql') {
    return `${insert} ${select} ON DUPLICATE KEY UPDATE ${sets.join(', ')}`;
  }
  // "WHERE true" tells SQLite's parser that ON CONFLICT belongs to the INSERT.
  return `${insert} SELECT * FROM (${select}) AS _merge WHERE true
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sets.join(', ')}`;
};
