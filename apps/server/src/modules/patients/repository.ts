import { sql, type Kysely, type Selectable } from 'kysely';
import type { TOrderPhase, TOrderView } from '@portal/domain/order-progress';
import type { TOrderCounts, TOrderViewCounts } from '@portal/domain/patients-api';
import { dialectOfDb } from '../../db/database';
import type { Database, PatientsTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import {
  countNameList,
  pageArguments,
  pageShapeKey,
  type TNameListQuery,
  type TPageRequest,
} from './name-list';
import { listCount, nameOrder, pageKeys, type TListParams, type TPageShape } from './search-sql';
import { countWhen, orderStatusSql } from './status-sql';
import { dateCondition, isDateRange, type TOrderDates } from './date-sql';

export type TPatientRow = Selectable<PatientsTable>;
/** What a list shows of a patient: no addresses, no doctor. */
export const SUMMARY_COLUMNS = [
  'patients.patient_key',
  'patients.patient_id',
  'patients.first_name',
  'patients.last_name',
  'patients.dob',
  'patients.phone',
  'patients.phone_mobile',
  'patients.email',
] as const;
type TSummaryColumn<T> = T extends `patients.${infer TColumn}` ? TColumn : never;
export type TPatientSummaryRow = Pick<
  TPatientRow,
  TSummaryColumn<(typeof SUMMARY_COLUMNS)[number]> & keyof TPatientRow
>;
export type TCounts = TOrderCounts;

const NO_COUNTS: TCounts = {
  order_count: 0,
  in_progress_count: 0,
  shipped_count: 0,
  pending_docs_count: 0,
};

/** How many patients the list has: the payor's, or the search's matches. */
export const countPatients = (db: Kysely<Database>, query: TNameListQuery) =>
  countNameList(db, 'patients', query);

/** The classification keys a user enabled, as a subquery. */
const enabledClassificationKeys = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('user_preferences')
    .select('user_preferences.value')
    .where('user_preferences.user_id', '=', userId)
    .where('user_preferences.kind', '=', 'so_classification');

/** A page's counts from the summary the sync keeps (order-count-summary.ts). */
const orderCountQuery = preparedQuery(
  () => 'order-counts',
  (db, _shape: null, params: { patientKeys: string[]; userId: number }) =>
    db
      .selectFrom('patient_order_counts as c')
      .select((eb) => [
        'c.patient_key',
        eb.fn.sum<number>('c.order_count').as('order_count'),
        eb.fn.sum<number>('c.in_progress_count').as('in_progress_count'),
        eb.fn.sum<number>('c.shipped_count').as('shipped_count'),
        eb.fn.sum<number>('c.pending_docs_count').as('pending_docs_count'),
      ])
      .where('c.patient_key', 'in', params.patientKeys)
      // The user's classification preferences narrow the counts; none enabled, all count.
      .where((eb) =>
        eb.or([
          eb.not(eb.exists(enabledClassificationKeys(db, params.userId))),
          eb('c.classification_key', 'in', enabledClassificationKeys(db, params.userId)),
        ]),
      )
      .groupBy('c.patient_key'),
);

export type TCountedPatientRow = TPatientSummaryRow & TCounts & { total: number };

/**
 * A row of the page statement from its values, in the order it selects them (summary
 * columns, counts, total): an object of one fixed shape, where SQLite's driver would build
 * each of a page's rows key by key (a sixth of the list's time on SQLite, docs/benchmarks.md).
 */
export const countedRowFrom = (v: readonly unknown[]) =>
  ({
    patient_key: v[0],
    patient_id: v[1],
    first_name: v[2],
    last_name: v[3],
    dob: v[4],
    phone: v[5],
    phone_mobile: v[6],
    email: v[7],
    order_count: v[8],
    in_progress_count: v[9],
    shipped_count: v[10],
    pending_docs_count: v[11],
    total: v[12],
  }) satisfies Record<keyof TCountedPatientRow, unknown> as TCountedPatientRow;

/**
 * A page of patients with their order counts and the list's total, in one statement: on
 * MariaDB and PostgreSQL every statement is a round trip, and the portal spent more on the
 * round trips than the database on the statements (tools/bench/api.ts). Total, page and
 * counts are also read from one snapshot. The counts are the summary's rows of the given
 * classifications (all when none is given), as orderCountQuery counts a user's enabled
 * ones; the list passes the ones it read with the request's stamp, so the page it keeps
 * and the key it keeps it under agree (list-memo.ts).
 */
const countedPatientPage = preparedQuery(
  pageShapeKey,
  (db, shape: TPageShape, params: TListParams & { classifications: string[] }) => {
    const [sortLast, sortFirst, key] = nameOrder(shape.dialect, 'patients');
    const sum = (column: keyof TCounts) =>
      sql<number>`coalesce(sum(${sql.ref(`c.${column}`)}), 0)`.as(column);
    return db
      .selectFrom('patients')
      .innerJoin(pageKeys(db, shape, params).as('page'), 'page.patient_key', 'patients.patient_key')
      .leftJoin('patient_order_counts as c', (join) => {
        const onPatient = join.onRef('c.patient_key', '=', 'patients.patient_key');
        // The list's length is part of the statement's shape (db/prepared.ts).
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
        sql<number>`(${listCount(db, shape, params)})`.as('total'),
      ])
      .groupBy([...SUMMARY_COLUMNS])
      .orderBy(sortLast)
      .orderBy(sortFirst)
      .orderBy(key);
  },
);

/**
 * A page's request: the payor, search and page, and the classifications whose orders
 * count (the user's enabled ones, read with the request's stamp in list-memo.ts; none
 * enabled, every order counts).
 */
export type TPatientPageQuery = TNameListQuery &
  TPageRequest & { classifications: readonly string[] };

/**
 * A page of patients with their order counts (of the classifications the user enabled)
 * and the total the pager needs. A page past the end has no row to carry the total, so
 * only then is it counted on its own.
 */
export const listPatients = async (
  db: Kysely<Database>,
  query: TPatientPageQuery,
): Promise<{ rows: TCountedPatientRow[]; total: number }> => {
  const [shape, params] = pageArguments('patients', query);
  const values = await countedPatientPage.executeValues(db, shape, {
    ...params,
    classifications: [...query.classifications],
  });
  const rows = values.map(countedRowFrom);
  const total = rows[0]?.total ?? (query.page === 1 ? 0 : await countPatients(db, query));
  return { rows, total };
};

/** The list statement's SQL as it is sent, for EXPLAIN. */
export const compilePatientPage = (db: Kysely<Database>, query: TPatientPageQuery) => {
  const [shape, params] = pageArguments('patients', query);
  return countedPatientPage.compile(db, shape, {
    ...params,
    classifications: [...query.classifications],
  });
};

/**
 * Order counts per patient of the orders whose classification the user enabled (all
 * orders if they enabled none).
 */
export const orderCounts = async (
  db: Kysely<Database>,
  options: { patientKeys: string[]; userId: number },
): Promise<Map<string, TCounts>> => {
  if (options.patientKeys.length === 0) {
    return new Map();
  }
  const rows = await orderCountQuery.execute(db, null, options);
  return new Map(
    rows.map((row) => [
      row.patient_key,
      {
        order_count: row.order_count,
        in_progress_count: row.in_progress_count,
        shipped_count: row.shipped_count,
        pending_docs_count: row.pending_docs_count,
      },
    ]),
  );
};

/**
 * The classification keys the user enabled (their preferences); none means every
 * order counts and shows.
 */
export const enabledClassifications = async (db: Kysely<Database>, userId: number) => {
  const rows = await db
    .selectFrom('user_preferences')
    .select('value')
    .where('user_id', '=', userId)
    .where('kind', '=', 'so_classification')
    .execute();
  return rows.map((row) => row.value);
};

export const countsFor = (counts: Map<string, TCounts>, patientKey: string): TCounts =>
  counts.get(patientKey) ?? NO_COUNTS;

export const findPatient = (db: Kysely<Database>, patientKey: string) =>
  db
    .selectFrom('patients')
    .leftJoin('doctors', 'doctors.doctor_key', 'patients.doctor_key')
    .selectAll('patients')
    .select([
      'doctors.doctor_key as doctor_doctor_key',
      'doctors.first_name as doctor_first_name',
      'doctors.last_name as doctor_last_name',
      'doctors.phone as doctor_phone',
    ])
    .where('patients.patient_key', '=', patientKey)
    .executeTakeFirst();

export type TPatientWithDoctor = NonNullable<Awaited<ReturnType<typeof findPatient>>>;

export const listPatientPayors = (db: Kysely<Database>, patientKey: string) =>
  db
    .selectFrom('patient_payors')
    .leftJoin('payors', 'payors.payor_key', 'patient_payors.payor_key')
    .select([
      'patient_payors.payor_key',
      sql<
        string | null
      >`coalesce(${sql.ref('patient_payors.company_name')}, ${sql.ref('payors.company_name')})`.as(
        'company_name',
      ),
      'patient_payors.level',
    ])
    .where('patient_payors.patient_key', '=', patientKey)
    .orderBy('patient_payors.level_rank')
    .orderBy('patient_payors.patient_payor_key')
    .execute();

export type TOrderFilter = {
  patientKey: string;
  classificationKeys: string[];
  view?: TOrderView | undefined;
  subStatus?: string | undefined;
  dates?: TOrderDates | undefined;
  phase?: TOrderPhase | undefined;
  /** The Order Categories filter: only these classifications (within the preferences). */
  categories?: readonly string[] | undefined;
};

const patientOrders = (db: Kysely<Database>, filter: TOrderFilter) => {
  let query = db.selectFrom('orders').where('orders.patient_key', '=', filter.patientKey);
  if (filter.classificationKeys.length > 0) {
    query = query.where('orders.so_classification_key', 'in', filter.classificationKeys);
  }
  if (filter.categories && filter.categories.length > 0) {
    query = query.where('orders.so_classification_key', 'in', filter.categories);
  }
  const { view, subStatus } = filter;
  const statusSql = orderStatusSql(dialectOfDb(db));
  if (view && view !== 'all') {
    query = query.where((eb) => statusSql.viewCondition(eb, view));
  }
  if (subStatus) {
    query = query.where((eb) => statusSql.subStatusCondition(eb, subStatus));
  }
  const { dates, phase } = filter;
  if (isDateRange(dates)) {
    query = query.where((eb) => dateCondition(eb, dates));
  }
  if (phase) {
    query = query.where((eb) => statusSql.phaseCondition(eb, phase));
  }
  return query;
};

export const countOrders = async (db: Kysely<Database>, filter: TOrderFilter) => {
  const row = await patientOrders(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  return row?.total ?? 0;
};

/**
 * How many orders each view holds, in one grouped read: the list's filter (patient,
 * classifications, date range) without the view and sub-status, so every button counts
 * what its view would list; and the same without the date range, for the empty list's hint.
 */
export const countOrdersByView = async (
  db: Kysely<Database>,
  filter: Omit<TOrderFilter, 'view' | 'subStatus'>,
): Promise<{ dated: TOrderViewCounts; allDates: TOrderViewCounts }> => {
  const statusSql = orderStatusSql(dialectOfDb(db));
  const { dates } = filter;
  const ranged = isDateRange(dates);
  const row = await patientOrders(db, {
    ...filter,
    view: undefined,
    subStatus: undefined,
    dates: undefined,
  })
    .select((eb) => {
      const inView = (view: TOrderView) => statusSql.viewCondition(eb, view);
      const inRange = (view: TOrderView) =>
        ranged ? eb.and([dateCondition(eb, dates), inView(view)]) : inView(view);
      return [
        eb.fn.countAll<number>().as('all_dates_all'),
        countWhen(inView('in_progress')).as('all_dates_in_progress'),
        countWhen(inView('action_items')).as('all_dates_action_items'),
        countWhen(inView('shipped')).as('all_dates_shipped'),
        countWhen(inRange('all')).as('all'),
        countWhen(inRange('in_progress')).as('in_progress'),
        countWhen(inRange('action_items')).as('action_items'),
        countWhen(inRange('shipped')).as('shipped'),
      ];
    })
    .executeTakeFirst();
  // sum() over no rows is null (the drivers read counts and sums as numbers: db/database.ts).
  return {
    dated: {
      all: row?.all ?? 0,
      in_progress: row?.in_progress ?? 0,
      action_items: row?.action_items ?? 0,
      shipped: row?.shipped ?? 0,
    },
    allDates: {
      all: row?.all_dates_all ?? 0,
      in_progress: row?.all_dates_in_progress ?? 0,
      action_items: row?.all_dates_action_items ?? 0,
      shipped: row?.all_dates_shipped ?? 0,
    },
  };
};

/** What an order shows of its doctor. */
export const ORDER_DOCTOR_COLUMNS = [
  'doctors.doctor_key as doctor_doctor_key',
  'doctors.first_name as doctor_first_name',
  'doctors.last_name as doctor_last_name',
  'doctors.npi as doctor_npi',
  'doctors.phone as doctor_phone',
  'doctors.street as doctor_street',
  'doctors.suite as doctor_suite',
  'doctors.city as doctor_city',
  'doctors.state as doctor_state',
  'doctors.zip as doctor_zip',
] as const;

/** A patient's orders, newest first, with each order's doctor. */
export const listOrders = (db: Kysely<Database>, filter: TOrderFilter & TPageRequest) =>
  patientOrders(db, filter)
    .leftJoin('doctors', 'doctors.doctor_key', 'orders.doctor_key')
    .selectAll('orders')
    .select(ORDER_DOCTOR_COLUMNS)
    .orderBy('orders.date_created', 'desc')
    .orderBy('orders.order_id', 'desc')
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();

export type TOrderRow = Awaited<ReturnType<typeof listOrders>>[number];

/** The order with this SO number and its patient, for the scope check. */
export const findOrderBySoNumber = (db: Kysely<Database>, soNumber: string) =>
  db
    .selectFrom('orders')
    .select(['orders.order_id', 'orders.patient_key'])
    .where('orders.so_number', '=', soNumber)
    .orderBy('orders.order_id')
    .executeTakeFirst();

export const listOrderItems = (db: Kysely<Database>, orderId: string) =>
  db
    .selectFrom('order_items')
    .selectAll()
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.order_item_key')
    .execute();
