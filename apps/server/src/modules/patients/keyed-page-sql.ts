import { sql, type Kysely } from 'kysely';
import type { TDialect } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import type { Database } from '../../db/schema';
import {
  SUMMARY_COLUMNS,
  countedRowFrom,
  type TCountedPatientRow,
  type TCounts,
} from './repository';
import { nameOrder, rowLimit } from './search-sql';

/**
 * Pages of a payor's patients found by something other than a name prefix: a date of
 * birth (index patients (payor_key, dob)), a phone's digits (patient_phones' key), the
 * user's favourites (user_favorites' key) or given patient keys (an order's patient).
 * Each finds its few patients through its index, sorts them by name as the list does,
 * and the page carries their order counts and the total, in one statement like the
 * name list's (repository.ts countedPatientPage).
 */

export type TKeyedKind = 'dob' | 'phone' | 'favorites' | 'keys';

export type TKeyedShape = { dialect: TDialect; kind: TKeyedKind; perPage: number; offset: number };

export type TKeyedParams = {
  payorKey: string;
  /** dob: 'YYYY-MM-DD'; phone: 10 digits; otherwise unused (''). */
  text: string;
  /** favorites: whose; otherwise unused (0). */
  userId: number;
  /** keys: the patients; otherwise empty. */
  keys: string[];
  /** The classifications whose orders count; all when empty. */
  classifications: string[];
};

/** The payor's patients this kind finds, joined so that `patients` names their row. */
const matches = (db: Kysely<Database>, shape: TKeyedShape, params: TKeyedParams) => {
  switch (shape.kind) {
    case 'dob':
      return db
        .selectFrom('patients')
        .where('patients.payor_key', '=', params.payorKey)
        .where('patients.dob', '=', params.text);
    case 'phone':
      return db
        .selectFrom('patient_phones as ph')
        .innerJoin('patients', 'patients.patient_key', 'ph.patient_key')
        .where('ph.payor_key', '=', params.payorKey)
        .where('ph.digits', '=', params.text)
        .where('patients.payor_key', '=', params.payorKey);
    case 'favorites':
      return db
        .selectFrom('user_favorites as f')
        .innerJoin('patients', 'patients.patient_key', 'f.patient_key')
        .where('f.user_id', '=', params.userId)
        .where('patients.payor_key', '=', params.payorKey);
    case 'keys':
      return db
        .selectFrom('patients')
        .where('patients.patient_key', 'in', params.keys)
        .where('patients.payor_key', '=', params.payorKey);
  }
};

const shapeKey = (shape: TKeyedShape) =>
  `${shape.dialect}:${shape.kind}:${shape.perPage}:${shape.offset}`;

const keyedCount = preparedQuery(shapeKey, (db, shape: TKeyedShape, params: TKeyedParams) =>
  matches(db, shape, params).select((eb) => eb.fn.countAll<number>().as('total')),
);

const keyedPage = preparedQuery(shapeKey, (db, shape: TKeyedShape, params: TKeyedParams) => {
  const [sortLast, sortFirst, key] = nameOrder(shape.dialect, 'patients');
  const page = matches(db, shape, params)
    .select(key.as('patient_key'))
    .orderBy(sortLast)
    .orderBy(sortFirst)
    .orderBy(key)
    .limit(rowLimit(shape.dialect, shape.perPage))
    .offset(rowLimit(shape.dialect, shape.offset));
  const total = matches(db, shape, params).select((eb) => eb.fn.countAll<number>().as('total'));
  const sum = (column: keyof TCounts) =>
    sql<number>`coalesce(sum(${sql.ref(`c.${column}`)}), 0)`.as(column);
  return db
    .selectFrom('patients')
    .innerJoin(page.as('page'), 'page.patient_key', 'patients.patient_key')
    .leftJoin('patient_order_counts as c', (join) => {
      const onPatient = join.onRef('c.patient_key', '=', 'patients.patient_key');
      return params.classifications.length === 0
        ? onPatient
        : onPatient.on('c.classification_key', 'in', params.classifications);
    })
    .select(SUMMARY_COLUMNS)
    .select([
      sum('order_count'),
      sum('in_progress_count'),
      sum('shipped_count'),
      sum('pending_docs_count'),
      sql<number>`(${total})`.as('total'),
    ])
    .groupBy([...SUMMARY_COLUMNS])
    .orderBy(sortLast)
    .orderBy(sortFirst)
    .orderBy(key);
});

export type TKeyedPageQuery = {
  dialect: TDialect;
  kind: TKeyedKind;
  payorKey: string;
  page: number;
  perPage: number;
  text?: string;
  userId?: number;
  keys?: readonly string[];
  classifications: readonly string[];
};

const argumentsOf = (query: TKeyedPageQuery): [TKeyedShape, TKeyedParams] => [
  {
    dialect: query.dialect,
    kind: query.kind,
    perPage: query.perPage,
    offset: (query.page - 1) * query.perPage,
  },
  {
    payorKey: query.payorKey,
    text: query.text ?? '',
    userId: query.userId ?? 0,
    keys: [...(query.keys ?? [])],
    classifications: [...query.classifications],
  },
];

/**
 * A page of the patients this kind finds, with their order counts and the total; a page
 * past the end has no row to carry the total, so only then is it counted on its own.
 */
export const listKeyedPatients = async (
  db: Kysely<Database>,
  query: TKeyedPageQuery,
): Promise<{ rows: TCountedPatientRow[]; total: number }> => {
  if (query.kind === 'keys' && (query.keys ?? []).length === 0) {
    return { rows: [], total: 0 };
  }
  const [shape, params] = argumentsOf(query);
  const rows = (await keyedPage.executeValues(db, shape, params)).map(countedRowFrom);
  if (rows[0] !== undefined || query.page === 1) {
    return { rows, total: rows[0]?.total ?? 0 };
  }
  const [row] = await keyedCount.execute(db, { ...shape, perPage: 0, offset: 0 }, params);
  return { rows, total: row?.total ?? 0 };
};

/** The page statement's SQL as it is sent, for EXPLAIN. */
export const compileKeyedPage = (db: Kysely<Database>, query: TKeyedPageQuery) =>
  keyedPage.compile(db, ...argumentsOf(query));
