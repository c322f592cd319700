import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { searchDate, searchPhone } from '../patients/search-kind';
import { listParams } from '../patients/search-sql';

/**
 * The worklist's search (issue 30, "One search box"): the orders of the payor's patients
 * whose last or first name starts with the text (two words: first and last name in
 * either order), whose patient ID starts with it, whose date of birth it is (MM/DD/YYYY
 * or YYYY-MM-DD) or whose phone it is in any spelling; and the orders whose SO or
 * tracking number it is. The text is read as the patient list reads it
 * (patients/search-kind.ts), but every way that fits is matched, not the first: the
 * worklist filters its own rows. Each way is an index lookup (patients' name, ID and
 * DOB indexes, patient_phones, the worklist's SO and tracking indexes); the matched
 * orders are then sorted and paged.
 */

const LIKE_ESCAPE = '!';

/** How the worklist reads a search text (trimmed, not empty). */
export type TWorklistSearch = {
  dob?: string;
  phone?: string;
  /** Name words, lower-cased: the prefix ranges and LIKE patterns (patients/search-sql.ts). */
  names: ReturnType<typeof listParams>;
  /** The text as an SO or tracking number: as typed, upper- and lower-cased. */
  numbers: string[];
};

export const planWorklistSearch = (text: string): TWorklistSearch => {
  const dob = searchDate(text);
  if (dob !== undefined) {
    return { dob, names: listParams('', ''), numbers: [] };
  }
  const phone = searchPhone(text);
  return {
    ...(phone === undefined ? {} : { phone }),
    names: listParams('', text),
    numbers: /\s/.test(text) ? [] : [...new Set([text, text.toUpperCase(), text.toLowerCase()])],
  };
};

type TPatientColumn = 'last_name' | 'first_name' | 'patient_id';

/**
 * `column` starts with name word `term`, without regard to case, as a range on the
 * lower-cased column the patient indexes hold (MariaDB: a LIKE its collation serves).
 */
const startsWith = (
  dialect: TDialect,
  names: TWorklistSearch['names'],
  column: TPatientColumn,
  term: number,
): Expression<SqlBool> => {
  const target =
    dialect === 'mysql'
      ? sql<string>`${sql.ref(`p.${column}`)}`
      : sql<string>`lower(${sql.ref(`p.${column}`)})`;
  const like = sql<SqlBool>`${target} like ${names.pattern[term]} escape ${sql.lit(LIKE_ESCAPE)}`;
  if (dialect === 'mysql') {
    return like;
  }
  const range = sql<SqlBool>`${target} >= ${names.low[term]} and ${target} < ${names.high[term]}`;
  return dialect === 'sqlite' ? sql<SqlBool>`(${range})` : sql<SqlBool>`(${range} and ${like})`;
};

/** The payor's patients the text names, one select per way, for a union. */
const patientMatches = (
  db: Kysely<Database>,
  dialect: TDialect,
  payorKey: string,
  search: TWorklistSearch,
) => {
  const patients = () =>
    db.selectFrom('patients as p').select('p.patient_key').where('p.payor_key', '=', payorKey);
  if (search.dob !== undefined) {
    return [patients().where('p.dob', '=', search.dob)];
  }
  const starts = (column: TPatientColumn, term: number) =>
    startsWith(dialect, search.names, column, term);
  const terms = search.names.low.length;
  const byName =
    terms === 1
      ? [
          patients().where(starts('last_name', 0)),
          patients().where(starts('first_name', 0)),
          patients().where(starts('patient_id', 0)),
        ]
      : terms === 2
        ? [
            patients().where(starts('last_name', 0)).where(starts('first_name', 1)),
            patients().where(starts('first_name', 0)).where(starts('last_name', 1)),
          ]
        : [];
  const byPhone =
    search.phone === undefined
      ? []
      : [
          db
            .selectFrom('patient_phones as ph')
            .select('ph.patient_key as patient_key')
            .where('ph.payor_key', '=', payorKey)
            .where('ph.digits', '=', search.phone),
        ];
  return [...byName, ...byPhone];
};

/**
 * The ids of the orders the search matches, as a union of selects: the payor's patients'
 * orders by the worklist's patient index, and any order with the number by its SO and
 * tracking indexes. The list's payor condition drops another payor's numbers; it is not
 * repeated here, as SQLite would then read the payor's range rather than the number's few
 * entries (an empty tracking number is common, so its index looks unselective).
 */
export const searchedOrderIds = (
  db: Kysely<Database>,
  options: { dialect: TDialect; payorKey: string; search: TWorklistSearch },
) => {
  const { dialect, payorKey, search } = options;
  const worklist = () => db.selectFrom('order_worklist as s').select('s.order_id');
  const patients = patientMatches(db, dialect, payorKey, search);
  const byPatient = patients.map((patientKeys) =>
    worklist().where('s.patient_key', 'in', patientKeys),
  );
  const byNumber =
    search.numbers.length === 0
      ? []
      : (['so_number', 'tracking_number'] as const).map((column) =>
          worklist().where(`s.${column}`, 'in', search.numbers),
        );
  const [head, ...rest] = [...byPatient, ...byNumber];
  if (head === undefined) {
    // Nothing to match (no name word, no number): no order.
    return worklist().where(sql<SqlBool>`1 = 0`);
  }
  return rest.reduce((query, next) => query.union(next), head);
};

/** A search matching more orders than this is filtered in the list's own statement. */
export const SEARCH_ID_LIMIT = 20_000;

/**
 * The orders a search matches, read first on their own, so the list's statements look
 * them up by key: given `order_id in (subquery)`, SQLite without fresh statistics and
 * MariaDB (which cannot join a union) read the payor's whole range instead. Undefined
 * when there are more than SEARCH_ID_LIMIT.
 */
export const matchingOrderIds = async (
  db: Kysely<Database>,
  options: { dialect: TDialect; payorKey: string; search: TWorklistSearch },
): Promise<string[] | undefined> => {
  const rows = await db
    .selectFrom(searchedOrderIds(db, options).as('m'))
    .select('m.order_id')
    .limit(SEARCH_ID_LIMIT + 1)
    .execute();
  return rows.length > SEARCH_ID_LIMIT ? undefined : rows.map((row) => row.order_id);
};
