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
 * range under its own collation; SQLite and PostgreSQL get the range spelled out on
 * lower(column).
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
  const range = sql<SqlBool>`${target} >= ${lowered} and ${target} < ${prefixUpperBound(lowered)}`;
  // SQLite compares lower(column) in binary order, where the range is exactly the
  // prefix; PostgreSQL's may follow a locale's collation, so the LIKE stays there.
  return dialect === 'sqlite' ? sql<SqlBool>`(${range})` : sql<SqlBool>`(${range} and ${like})`;
};

/** The words of a search text; at most two are used (first and last name). */
export const searchTerms = (text: string): string[] =>
  text
    .trim()
    .split(/[\s,]+/)
    .filter((term) => term.length > 0)
    .slice(0, 2);

/** A list's sort keys: last name, then first name, without regard to case, then the key. */
export const nameOrder = (dialect: TDialect, table: TSearchTable) =>
  [
    caseless(dialect, table, 'last_name'),
    caseless(dialect, table, 'first_name'),
    sql<string>`${sql.ref(`${table}.patient_key`)}`,
  ] as const;

type TSearchOptions = {
  dialect: TDialect;
  table: TSearchTable;
  payorKey: string;
  terms: string[];
};

/**
 * One payor's rows matching the search, each with its sort keys, one branch per way
 * to match; every branch is a range on its own index, so none scans. A branch that
 * ranges over last names reads the name index in list order, so for a page it stops
 * after `limit` rows.
 */
const searchBranches = (db: Kysely<Database>, options: TSearchOptions & { limit?: number }) => {
  const { dialect, table, payorKey, terms, limit } = options;
  const [sortLast, sortFirst, key] = nameOrder(dialect, table);
  const branch = (conditions: Expression<SqlBool>[], byLastName: boolean) => {
    const rows = db
      .selectFrom(table)
      .select([sortLast.as('sort_last'), sortFirst.as('sort_first'), key.as('patient_key')])
      .where(`${table}.payor_key`, '=', payorKey)
      .where((eb) => eb.and(conditions));
    if (!byLastName || limit === undefined) {
      return db.selectFrom(rows.as('branch')).selectAll();
    }
    return db
      .selectFrom(rows.orderBy(sortLast).orderBy(sortFirst).orderBy(key).limit(limit).as('branch'))
      .selectAll();
  };
  const [first = '', second] = terms;
  if (second === undefined) {
    return [
      branch([startsWith(dialect, table, 'last_name', first)], true),
      branch([startsWith(dialect, table, 'first_name', first)], false),
      branch([startsWith(dialect, table, 'patient_id', first)], false),
    ];
  }
  return [
    branch(
      [
        startsWith(dialect, table, 'first_name', first),
        startsWith(dialect, table, 'last_name', second),
      ],
      false,
    ),
    branch(
      [
        startsWith(dialect, table, 'last_name', first),
        startsWith(dialect, table, 'first_name', second),
      ],
      true,
    ),
  ];
};

const joined = (branches: ReturnType<typeof searchBranches>, all: boolean) => {
  const [head, ...rest] = branches as [(typeof branches)[number], ...typeof branches];
  return rest.reduce((query, next) => (all ? query.unionAll(next) : query.union(next)), head);
};

/** How many distinct rows the search finds. */
export const searchCount = (db: Kysely<Database>, options: TSearchOptions) =>
  db
    .selectFrom(joined(searchBranches(db, options), true).as('matches'))
    .select(sql<number>`count(distinct ${sql.ref('matches.patient_key')})`.as('total'));

/** The keys of one page of the search's rows, in list order. */
export const searchPageKeys = (
  db: Kysely<Database>,
  options: TSearchOptions & { offset: number; perPage: number },
) =>
  db
    .selectFrom(
      joined(searchBranches(db, { ...options, limit: options.offset + options.perPage }), false).as(
        'matches',
      ),
    )
    .select('matches.patient_key')
    .orderBy('matches.sort_last')
    .orderBy('matches.sort_first')
    .orderBy('matches.patient_key')
    .limit(options.perPage)
    .offset(options.offset);
