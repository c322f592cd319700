import { sql, type Kysely, type Selectable } from 'kysely';
import type { TOrderView } from '@portal/domain/order-progress';
import type { TDialect } from '../../db/database';
import type { Database, PatientsTable } from '../../db/schema';
import { nameOrder, searchCount, searchPageKeys, searchTerms } from './search-sql';
import { orderCountSelections, subStatusCondition, viewCondition } from './status-sql';

export type TPatientRow = Selectable<PatientsTable>;
export type TCounts = {
  order_count: number;
  in_progress_count: number;
  shipped_count: number;
  pending_docs_count: number;
};
export type TPageRequest = { page: number; perPage: number };

const NO_COUNTS: TCounts = {
  order_count: 0,
  in_progress_count: 0,
  shipped_count: 0,
  pending_docs_count: 0,
};

type TPatientQuery = {
  dialect: TDialect;
  payorKey: string;
  search: string;
};

/** How many patients the list has: the payor's, or the search's distinct matches. */
export const countPatients = async (db: Kysely<Database>, query: TPatientQuery) => {
  const terms = searchTerms(query.search);
  const row =
    terms.length > 0
      ? await searchCount(db, { ...query, table: 'patients', terms }).executeTakeFirst()
      : await db
          .selectFrom('patients')
          .where('patients.payor_key', '=', query.payorKey)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirst();
  return row?.total ?? 0;
};

/**
 * A page of one payor's patients by name (case-blind). The page's keys come from an
 * index alone: the (payor_key, name, name, patient_key) index, or the search's index
 * ranges; then only that page's rows are read.
 */
export const patientPageQuery = (db: Kysely<Database>, query: TPatientQuery & TPageRequest) => {
  const terms = searchTerms(query.search);
  const offset = (query.page - 1) * query.perPage;
  const [sortLast, sortFirst, key] = nameOrder(query.dialect, 'patients');
  const page =
    terms.length > 0
      ? searchPageKeys(db, { ...query, table: 'patients', terms, offset, perPage: query.perPage })
      : db
          .selectFrom('patients')
          .where('patients.payor_key', '=', query.payorKey)
          .select('patients.patient_key')
          .orderBy(sortLast)
          .orderBy(sortFirst)
          .orderBy(key)
          .limit(query.perPage)
          .offset(offset);
  return db
    .selectFrom('patients')
    .innerJoin(page.as('page'), 'page.patient_key', 'patients.patient_key')
    .selectAll('patients')
    .orderBy(sortLast)
    .orderBy(sortFirst)
    .orderBy(key);
};

/** A page of patients and the total the pager needs. */
export const listPatients = async (
  db: Kysely<Database>,
  query: TPatientQuery & TPageRequest,
): Promise<{ rows: TPatientRow[]; total: number }> => ({
  total: await countPatients(db, query),
  rows: await patientPageQuery(db, query).execute(),
});

/** Order counts per patient, grouped in the database; classifications narrow them when given. */
export const orderCounts = async (
  db: Kysely<Database>,
  options: { patientKeys: string[]; classificationKeys: string[] },
): Promise<Map<string, TCounts>> => {
  if (options.patientKeys.length === 0) {
    return new Map();
  }
  let query = db
    .selectFrom('orders')
    .select((eb) => ['orders.patient_key', ...orderCountSelections(eb)])
    .where('orders.patient_key', 'in', options.patientKeys)
    .groupBy('orders.patient_key');
  if (options.classificationKeys.length > 0) {
    query = query.where('orders.so_classification_key', 'in', options.classificationKeys);
  }
  const rows = await query.execute();
  return new Map(
    rows.map((row) => [
      row.patient_key ?? '',
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
};

const patientOrders = (db: Kysely<Database>, filter: TOrderFilter) => {
  let query = db.selectFrom('orders').where('orders.patient_key', '=', filter.patientKey);
  if (filter.classificationKeys.length > 0) {
    query = query.where('orders.so_classification_key', 'in', filter.classificationKeys);
  }
  const { view, subStatus } = filter;
  if (view && view !== 'all') {
    query = query.where((eb) => viewCondition(eb, view));
  }
  if (subStatus) {
    query = query.where((eb) => subStatusCondition(eb, subStatus));
  }
  return query;
};

export const countOrders = async (db: Kysely<Database>, filter: TOrderFilter) => {
  const row = await patientOrders(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  return row?.total ?? 0;
};

/** A patient's orders, newest first, with each order's doctor. */
export const listOrders = (db: Kysely<Database>, filter: TOrderFilter & TPageRequest) =>
  patientOrders(db, filter)
    .leftJoin('doctors', 'doctors.doctor_key', 'orders.doctor_key')
    .selectAll('orders')
    .select([
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
    ])
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
