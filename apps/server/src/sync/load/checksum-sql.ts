import type { TDestinationColumn } from '../batch';
import { comparedRows, type TLoadPlan } from './types';

/**
 * The content checksum of checksum.ts computed by the portal database itself, over the
 * rows reconciliation compares: one aggregate statement, so the rows are not read back
 * into Node (issue 33). Each row's canonical text is built in SQL exactly as row-md5.ts
 * builds it (text as stored, integers in decimal, NULL as U+2400, each value followed by
 * U+001F, UTF-8), its MD5's first 16 hex digits read as a 64-bit number and summed; the
 * sum comes back as exact decimal text (checksumOfSum takes it modulo 2^64).
 *
 * Real (floating-point) columns are left to the read-back in Node: every database prints
 * a double its own way, and none as JavaScript does (1e+20 against 100000000000000000000).
 * The portal's synced tables have none; a mapping into such a column still reconciles.
 */
export const inDatabase = (columns: readonly TDestinationColumn[]) =>
  columns.every((column) => column.kind !== 'real');

type TQuote = (name: string) => string;

export type TChecksumSqlOptions = {
  plan: TLoadPlan;
  quote: TQuote;
  /** The staging table an upsert joins (readBackSql's). */
  stage: string;
};

/**
 * PostgreSQL: each value through its type's output function (as COPY prints it). md5()
 * hashes the text in the database's encoding, so a database that is not UTF8 converts it
 * first (convert_to costs a quarter of the statement, so only then).
 */
export const postgresChecksumSql = (options: TChecksumSqlOptions & { utf8: boolean }) => {
  const { plan, quote, stage, utf8 } = options;
  const text = plan.columns
    .map((column) => `coalesce(t.${quote(column.name)}::text, '\u2400') || E'\\x1f'`)
    .join(' || ');
  const hashed = utf8 ? `md5(${text})` : `md5(convert_to(${text}, 'UTF8'))`;
  // ::text: the portal's pg type parsers read numeric as a JavaScript number.
  return `SELECT COUNT(*), SUM(('x' || left(${hashed}, 16))::bit(64)::bigint)::text
    FROM ${comparedRows(plan, quote, stage)}`;
};

/**
 * MariaDB/MySQL: MD5() hashes a string's bytes in its own character set, so a text
 * column that is not utf8mb4 is converted (a latin1 'ë' is one byte, in UTF-8 two).
 * Integers print in decimal inside CONCAT; utf8mb4 columns of different collations
 * concatenate as they are.
 */
export const mysqlChecksumSql = (
  options: TChecksumSqlOptions & { convert: ReadonlySet<string> },
) => {
  const { plan, quote, stage, convert } = options;
  const parts = plan.columns.map((column) => {
    const value = `t.${quote(column.name)}`;
    const text = convert.has(column.name) ? `CONVERT(${value} USING utf8mb4)` : value;
    return `IFNULL(${text}, _utf8mb4 X'E29080'), _utf8mb4 X'1F'`;
  });
  const hash = `CAST(CONV(LEFT(MD5(CONCAT(${parts.join(', ')})), 16), 16, 10) AS UNSIGNED)`;
  // As text: the portal's mysql2 connections read DECIMAL as a JavaScript number.
  return `SELECT COUNT(*), CAST(SUM(${hash}) AS CHAR) FROM ${comparedRows(plan, quote, stage)}`;
};

/** The aggregate the SQLite loader registers on its connection (row-md5.ts in JavaScript). */
export const SQLITE_CHECKSUM = 'portal_row_checksum';

/** SQLite has no MD5: its loader registers the whole aggregate as a function. */
export const sqliteChecksumSql = ({ plan, quote, stage }: TChecksumSqlOptions) => {
  const values = plan.columns.map((column) => `t.${quote(column.name)}`).join(', ');
  return `SELECT COUNT(*), ${SQLITE_CHECKSUM}(${values}) FROM ${comparedRows(plan, quote, stage)}`;
};
