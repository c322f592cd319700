import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { searchDate, searchPhone } from '../patients/search-kind';
import { listParams } from '../patients/search-sql';
import { likeEscaped } from '../../lib/like';

/**
 * The worklist's search (issue 30, "One search box"): the orders of the payor's patients
 * whose last or first name starts with the text (two words: first and last name in
 * either order), whose patient ID starts with it, whose date of birth it is (MM/DD/YYYY
 * or YYYY-MM-DD) or whose phone it is in any spelling; and the orders whose SO or
 * tracking number it is. The text is read as the patient list reads it
 * (patients/search-kind.ts), but every way that fits is matched, not the first: the
 * worklist filters its own rows. Each way is an index lookup (patients' name, ID and
 * DOB indexes, patient_phones, the worklist's SO and tracking indexes); the matched
 * patients' orders are read from the worklist's patient index, which holds what the lists
 * count and sort by, and are then counted, sorted and paged (repository.ts).
 */

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
  const like = likeEscaped(target, names.pattern[term]);
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
          patients().where(
            'p.patient_key',
            'in',
            db
              .selectFrom('patient_phones as ph')
              .select('ph.patient_key')
              .where('ph.payor_key', '=', payorKey)
              .where('ph.digits', '=', search.phone),
          ),
        ];
  return [...byName, ...byPhone];
};

/**
 * The worklist's columns a searched list filters, counts and sorts by (repository.ts):
 * order_worklist_patient_key_idx holds every one after the patient key, so a name's
 * matches are read from that index alone, each patient's orders as one short range. Read
 * through the table instead, a three-letter name at a payor of 1.86M orders (1M
 * patients; 145k orders match) took 2 to 3 s on SQLite and PostgreSQL, one random read
 * per match.
 */
export const SEARCHED_COLUMNS = [
  'order_id',
  'patient_key',
  'payor_key',
  'view_group',
  'shipped_view',
  'so_classification_key',
  'since_key',
  'date_key',
  'sort_last',
  'sort_first',
] as const;

/**
 * The orders the search matches, as rows of SEARCHED_COLUMNS (and the status with
 * `withStatus`, which a sub-status needs): the orders of the payor's patients the text
 * names, from the union of those patients (each once) joined to the worklist's patient
 * index in that order; then the orders with the number that are not among them, so the
 * two branches add up without a dedupe of the rows. The list's payor condition drops
 * another payor's numbers.
 */
export const searchedRows = (
  db: Kysely<Database>,
  options: {
    dialect: TDialect;
    payorKey: string;
    search: TWorklistSearch;
    /** The orders the text names by number (numberedOrderIds). */
    numberIds: string[];
    withStatus?: boolean;
  },
) => {
  const { dialect, payorKey, search, numberIds } = options;
  const columns = [...SEARCHED_COLUMNS, ...(options.withStatus ? (['status'] as const) : [])].map(
    (column) => `s.${column}` as const,
  );
  const [firstPatients, ...otherPatients] = patientMatches(db, dialect, payorKey, search);
  const patients =
    firstPatients && otherPatients.reduce((query, next) => query.union(next), firstPatients);
  const numbered = () => {
    const query = db
      .selectFrom('order_worklist as s')
      .select(columns)
      .where('s.order_id', 'in', numberIds);
    return patients === undefined ? query : query.where('s.patient_key', 'not in', patients);
  };
  const byPatient =
    patients === undefined
      ? []
      : ([
          db
            .selectFrom(patients.as('mp'))
            // The patients first, each one's orders by the index: SQLite keeps a CROSS
            // JOIN's order, MariaDB a STRAIGHT_JOIN's; PostgreSQL plans it so by itself.
            .crossJoin('order_worklist as s')
            .whereRef('s.patient_key', '=', 'mp.patient_key')
            .select(columns)
            .$if(dialect === 'mysql', (query) => query.modifyFront(sql`STRAIGHT_JOIN`)),
          // The same columns as the number branches', from one more table in the statement.
        ] as unknown as ReturnType<typeof numbered>[]);
  // Orders by key: given the numbers, SQLite read the payor's range (the list's payor
  // condition reaches every branch) rather than the tracking index, where an empty
  // tracking number is common and the index looks unselective.
  const byNumber = numberIds.length === 0 ? [] : [numbered()];
  const [head, ...rest] = [...byPatient, ...byNumber];
  if (head === undefined) {
    // Nothing to match (no name word, no number): no order.
    return db
      .selectFrom('order_worklist as s')
      .select(columns)
      .where(sql<SqlBool>`1 = 0`);
  }
  return rest.reduce((query, next) => query.unionAll(next), head);
};

/** The most orders one number may name: the statements then look each up by key. */
export const NUMBER_MATCH_LIMIT = 10_000;

/**
 * The payor's orders whose SO or tracking number the text is, each once; undefined when
 * there are more than `limit` (a placeholder the ERP writes into many orders is no
 * number to find them by, and the ids are bound one by one). An SO number names one
 * order, a tracking number a shipment's few. SQLite is kept off the payor's index, where
 * it would read the payor's whole range: an empty tracking number is common, so that
 * index looks unselective to it.
 */
export const numberedOrderIds = async (
  db: Kysely<Database>,
  options: { dialect: TDialect; payorKey: string; search: TWorklistSearch; limit?: number },
): Promise<string[] | undefined> => {
  const { dialect, payorKey, search, limit = NUMBER_MATCH_LIMIT } = options;
  if (search.numbers.length === 0) {
    return [];
  }
  const payor =
    dialect === 'sqlite'
      ? sql<SqlBool>`+${sql.ref('s.payor_key')} = ${payorKey}`
      : sql<SqlBool>`${sql.ref('s.payor_key')} = ${payorKey}`;
  const byColumn = (column: 'so_number' | 'tracking_number') =>
    db
      .selectFrom('order_worklist as s')
      .select('s.order_id')
      .where(`s.${column}`, 'in', search.numbers)
      .where(payor);
  const rows = await db
    .selectFrom(byColumn('so_number').union(byColumn('tracking_number')).as('n'))
    .select('n.order_id')
    .limit(limit + 1)
    .execute();
  return rows.length > limit ? undefined : rows.map((row) => row.order_id);
};
