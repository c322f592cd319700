import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { escapeLike, likeEscaped } from '../../lib/like';

/**
 * Patient search: a case-insensitive prefix match on last name, first name or
 * patient ID within one payor, written so that every branch is a range on an
 * index of migration 0005 (payor_key, lower(column)); MariaDB's case-blind
 * collation lets it use the plain column. "Jane Smith" and "Smith, Jane" match
 * first and last name together.
 *
 * The builders here take a shape (what the SQL text depends on) and the values to
 * bind apart, for prepared queries (db/prepared.ts): they never compute with a value.
 */

type TSearchTable = 'patients' | 'intake_patients';
type TSearchColumn = 'last_name' | 'first_name' | 'patient_id';

/** What the SQL of a list depends on. */
export type TListShape = { dialect: TDialect; table: TSearchTable; terms: number };

/** What a list binds: the payor and, for each search term, its range and LIKE pattern. */
export type TListParams = {
  payorKey: string;
  /** Each term lower-cased: the range's lower end. */
  low: string[];
  /** The smallest string above every string starting with the term: the range's end. */
  high: string[];
  /** The term as a LIKE prefix pattern, wildcards escaped. */
  pattern: string[];
};

/** The smallest string greater than every string starting with prefix (binary order). */
const prefixUpperBound = (prefix: string) => {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  return `${prefix.slice(0, -1)}${String.fromCodePoint(last + 1)}`;
};

/** The words of a search text; at most two are used (first and last name). */
export const searchTerms = (text: string): string[] =>
  text
    .trim()
    .split(/[\s,]+/)
    .filter((term) => term.length > 0)
    .slice(0, 2);

/** The values a list with this search text binds. */
export const listParams = (payorKey: string, search: string): TListParams => {
  const low = searchTerms(search).map((term) => term.toLowerCase());
  return {
    payorKey,
    low,
    high: low.map(prefixUpperBound),
    pattern: low.map((term) => `${escapeLike(term)}%`),
  };
};

const caseless = (dialect: TDialect, table: TSearchTable, column: TSearchColumn) =>
  dialect === 'mysql'
    ? sql<string>`${sql.ref(`${table}.${column}`)}`
    : sql<string>`lower(${sql.ref(`${table}.${column}`)})`;

/**
 * column starts with search term `term`. MariaDB turns a LIKE with a constant prefix
 * into an index range under its own collation; SQLite and PostgreSQL get the range
 * spelled out on lower(column).
 */
const startsWith = (
  shape: TListShape,
  params: TListParams,
  column: TSearchColumn,
  term: number,
): Expression<SqlBool> => {
  const target = caseless(shape.dialect, shape.table, column);
  const like = likeEscaped(target, params.pattern[term]);
  if (shape.dialect === 'mysql') {
    return like;
  }
  const range = sql<SqlBool>`${target} >= ${params.low[term]} and ${target} < ${params.high[term]}`;
  // SQLite compares lower(column) in binary order, where the range is exactly the
  // prefix; PostgreSQL's may follow a locale's collation, so the LIKE stays there.
  return shape.dialect === 'sqlite'
    ? sql<SqlBool>`(${range})`
    : sql<SqlBool>`(${range} and ${like})`;
};

const and = (conditions: Expression<SqlBool>[]) =>
  sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;

/** A list's sort keys: last name, then first name, without regard to case, then the key. */
export const nameOrder = (dialect: TDialect, table: TSearchTable) =>
  [
    caseless(dialect, table, 'last_name'),
    caseless(dialect, table, 'first_name'),
    sql<string>`${sql.ref(`${table}.patient_key`)}`,
  ] as const;

/**
 * The ways to match, one per branch, made disjoint: each branch leaves out what an
 * earlier one finds, so the branches' counts add up and their rows need no dedupe.
 * A left-out condition is only a filter on the same index entry (every search index
 * holds both names and the key), never another lookup.
 */
const searchBranches = (shape: TListShape, params: TListParams): Expression<SqlBool>[] => {
  const starts = (column: TSearchColumn, term: number) => startsWith(shape, params, column, term);
  const ways =
    shape.terms === 1
      ? [starts('last_name', 0), starts('first_name', 0), starts('patient_id', 0)]
      : [
          and([starts('last_name', 0), starts('first_name', 1)]),
          and([starts('first_name', 0), starts('last_name', 1)]),
        ];
  return ways.map((way, index) => {
    // A NULL name makes its condition NULL, not false: coalesce keeps that row in.
    const earlier = ways
      .slice(0, index)
      .map((condition) => sql<SqlBool>`not coalesce(${condition}, false)`);
    return and([way, ...earlier]);
  });
};

/**
 * How many rows the list has: the payor's, or, with a search, the sum of each
 * branch's count, every one a count over an index range.
 */
export const listCount = (db: Kysely<Database>, shape: TListShape, params: TListParams) => {
  const payorRows = () =>
    db
      .selectFrom(shape.table)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(`${shape.table}.payor_key`, '=', params.payorKey);
  if (shape.terms === 0) {
    return payorRows();
  }
  const counts = searchBranches(shape, params).map(
    (where) => sql<number>`(${payorRows().where(where)})`,
  );
  return db.selectNoFrom(sql<number>`${sql.join(counts, sql` + `)}`.as('total'));
};

/**
 * A row limit. SQLite runs the search's ordered, limited branches about four times
 * faster with a literal LIMIT than with a bound one (measured with
 * tools/bench/patients.ts), so there it is written into the SQL; the page numbers
 * behind it are validated integers. PostgreSQL keeps the statements prepared on the
 * server (db/prepared.ts), which wants few distinct SQL texts, so elsewhere it is bound.
 */
export const rowLimit = (dialect: TDialect, rows: number) => {
  if (!Number.isSafeInteger(rows) || rows < 0) {
    throw new Error(`not a row limit: ${rows}`);
  }
  return dialect === 'sqlite' ? sql.lit(rows) : sql.val(rows);
};

/** What a page's SQL depends on: its limits are written into it. */
export type TPageShape = TListShape & { perPage: number; offset: number };

/**
 * The keys of one page of the list, in list order. Unsearched, the page is read off
 * the payor's name index. Searched, each branch gives at most its first
 * offset + perPage rows in list order (the last-name branch straight from its index,
 * which stops there), and the page is taken from their union.
 */
export const pageKeys = (db: Kysely<Database>, shape: TPageShape, params: TListParams) => {
  const { dialect, table, offset, perPage } = shape;
  const [sortLast, sortFirst, key] = nameOrder(dialect, table);
  const payorRows = () =>
    db
      .selectFrom(table)
      .where(`${table}.payor_key`, '=', params.payorKey)
      .orderBy(sortLast)
      .orderBy(sortFirst)
      .orderBy(key);
  if (shape.terms === 0) {
    return payorRows()
      .select(key.as('patient_key'))
      .limit(rowLimit(dialect, perPage))
      .offset(rowLimit(dialect, offset));
  }
  const [head, ...rest] = searchBranches(shape, params).map((where) =>
    db
      .selectFrom(
        payorRows()
          .select([sortLast.as('sort_last'), sortFirst.as('sort_first'), key.as('patient_key')])
          .where(where)
          .limit(rowLimit(dialect, offset + perPage))
          .as('branch'),
      )
      .selectAll(),
  );
  if (head === undefined) {
    throw new Error('a search has at least one branch');
  }
  const matches = rest.reduce((query, next) => query.unionAll(next), head);
  return db
    .selectFrom(matches.as('matches'))
    .select('matches.patient_key')
    .orderBy('matches.sort_last')
    .orderBy('matches.sort_first')
    .orderBy('matches.patient_key')
    .limit(rowLimit(dialect, perPage))
    .offset(rowLimit(dialect, offset));
};
