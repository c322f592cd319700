import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * Patient search: a case-insensitive prefix match on last name, first name or
 * patient ID within one payor, written so that every branch is a range on an
 * index of migration 0005 (payor_key, lower(column)); MariaDB's case-blind
 * collation lets it use the plain column. "Jane Smith" and "Smith, Jane" match
 * first and last name together.
 */

type TSearchTable = 'patients' | 'intake_patients';
type TSearchColumn = 'last_name' | 'first_name' | 'patient_id';

const LIKE_ESCAPE = '!';
const escapeLike = (text: string) => text.replace(/[!%_]/g, (char) => `${LIKE_ESCAPE}${char}`);

/** The smallest string greater than every string starting with prefix (binary order). */
const prefixUpperBound = (prefix: string) => {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  return `${prefix.slice(0, -1)}${String.fromCodePoint(last + 1)}`;
};

const caseless = (dialect: TDialect, table: TSearchTable, column: TSearchColumn) =>
  dialect === 'mysql'
    ? sql<string>`${sql.ref(`${table}.${column}`)}`
    : sql<string>`lower(${sql.ref(`${table}.${column}`)})`;

/**
 * column starts with prefix. MariaDB turns a LIKE with a constant prefix into an index
 * range under its own collation; SQLite and PostgreSQL get the range spelled out in
 * binary order on lower(column), then the exact LIKE on what it found.
 */
const startsWith = (
  dialect: TDialect,
  table: TSearchTable,
  column: TSearchColumn,
  prefix: string,
): Expression<SqlBool> => {
  const lowered = prefix.toLowerCase();
  const target = caseless(dialect, table, column);
  const like = sql<SqlBool>`${target} like ${`${escapeLike(lowered)}%`} escape ${sql.lit(LIKE_ESCAPE)}`;
  if (dialect === 'mysql') {
    return like;
  }
  return sql<SqlBool>`(${target} >= ${lowered} and ${target} < ${prefixUpperBound(lowered)} and ${like})`;
};

/** The words of a search text; at most two are used (first and last name). */
export const searchTerms = (text: string): string[] =>
  text
    .trim()
    .split(/[\s,]+/)
    .filter((term) => term.length > 0)
    .slice(0, 2);

/**
 * The keys (with the names a page sorts by) of one payor's rows matching the search,
 * as a UNION of index ranges: each branch starts with a different index, so no
 * branch scans, and sorting and paging happen on the matches alone.
 */
export const matchingKeys = (
  db: Kysely<Database>,
  options: {
    dialect: TDialect;
    table: TSearchTable;
    payorKey: string;
    terms: string[];
    /** Keep a row once per branch it matches (UNION ALL): cheaper when only counting distinct keys. */
    repeats?: boolean;
  },
) => {
  const { dialect, table, payorKey, terms } = options;
  const branch = (conditions: Expression<SqlBool>[]) =>
    db
      .selectFrom(table)
      .select([`${table}.last_name`, `${table}.first_name`, `${table}.patient_key`])
      .where(`${table}.payor_key`, '=', payorKey)
      .where((eb) => eb.and(conditions));
  const [first = '', second] = terms;
  const branches =
    second === undefined
      ? [
          branch([startsWith(dialect, table, 'last_name', first)]),
          branch([startsWith(dialect, table, 'first_name', first)]),
          branch([startsWith(dialect, table, 'patient_id', first)]),
        ]
      : [
          branch([
            startsWith(dialect, table, 'first_name', first),
            startsWith(dialect, table, 'last_name', second),
          ]),
          branch([
            startsWith(dialect, table, 'last_name', first),
            startsWith(dialect, table, 'first_name', second),
          ]),
        ];
  const [head, ...rest] = branches as [(typeof branches)[number], ...typeof branches];
  return rest.reduce(
    (query, next) => (options.repeats ? query.unionAll(next) : query.union(next)),
    head,
  );
};
