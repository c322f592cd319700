import { sql, type Kysely } from 'kysely';
import type { TOrderHit } from '@portal/domain/patients-api';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { listKeyedPatients } from './keyed-page-sql';
import type { TNameListQuery, TPageRequest } from './name-list';
import { listPatients, type TCountedPatientRow } from './repository';
import { planSearch, type TOrderSearch } from './search-kind';

/**
 * The patient list's one search box (issue 30): the text is classified (search-kind.ts)
 * and read through the index of its kind. An SO or tracking number of an order of the
 * payor lists that order's patient and names the order (order_hit), so the dashboard
 * opens it; a date of birth or a phone lists the payor's patients who have it; anything
 * else is the name / patient-ID search of search-sql.ts, unchanged. Nothing outside the
 * payor is ever read: every branch is bound to the payor's patients.
 */

export type TSearchPageQuery = TNameListQuery &
  TPageRequest & { classifications: readonly string[] };

export type TSearchPage = {
  rows: TCountedPatientRow[];
  total: number;
  /** Set when the text is an SO or tracking number of an order of the payor. */
  orderHit?: TOrderHit;
};

/** Most orders one SO or tracking number is read for (a shipment may carry a few). */
const ORDER_MATCHES = 20;

/** Case-blind equality through each dialect's index (migration 0018). */
const caseless = (dialect: TDialect, column: 'so_number' | 'tracking_number') =>
  dialect === 'mysql' ? sql.ref(`o.${column}`) : sql`lower(${sql.ref(`o.${column}`)})`;

type TOrderHitQuery = { dialect: TDialect; payorKey: string; order: TOrderSearch };

/**
 * The payor's orders with this SO or tracking number, each branch one index lookup on
 * orders, then its patient by key; undefined when the text can name no order.
 */
export const orderHitQuery = (db: Kysely<Database>, query: TOrderHitQuery) => {
  // Each branch limited on its own, so wrapped: SQLite takes no LIMIT in a UNION's part.
  const branch = (column: 'so_number' | 'tracking_number', value: string) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('orders as o')
          .innerJoin('patients as p', 'p.patient_key', 'o.patient_key')
          .select([
            'o.order_id',
            'o.so_number',
            'o.tracking_number',
            'o.date_created',
            'p.patient_key',
          ])
          .where(sql<boolean>`${caseless(query.dialect, column)} = ${value}`)
          .where('p.payor_key', '=', query.payorKey)
          .limit(ORDER_MATCHES)
          .as('b'),
      )
      .selectAll();
  const { soNumber, trackingNumber } = query.order;
  const branches = [
    ...(soNumber === null ? [] : [branch('so_number', soNumber)]),
    ...(trackingNumber === null ? [] : [branch('tracking_number', trackingNumber)]),
  ];
  const [head, ...rest] = branches;
  return head && rest.reduce((union, next) => union.unionAll(next), head);
};

/** The order the text names, an SO number's match first, then the newest, and its patients. */
export const findOrderHit = async (
  db: Kysely<Database>,
  query: TOrderHitQuery,
): Promise<{ hit: TOrderHit; patientKeys: string[] } | undefined> => {
  const rows = (await orderHitQuery(db, query)?.execute()) ?? [];
  const { soNumber } = query.order;
  const matchedBy = (row: (typeof rows)[number]): TOrderHit['matched'] =>
    soNumber !== null && row.so_number?.toLowerCase() === soNumber
      ? 'so_number'
      : 'tracking_number';
  const ranked = rows
    .map((row) => ({ row, matched: matchedBy(row) }))
    .sort(
      (a, b) =>
        (a.matched === 'so_number' ? 0 : 1) - (b.matched === 'so_number' ? 0 : 1) ||
        (b.row.date_created ?? 0) - (a.row.date_created ?? 0) ||
        a.row.order_id.localeCompare(b.row.order_id),
    );
  const first = ranked[0];
  if (first === undefined) {
    return undefined;
  }
  const sameKind = ranked.filter((entry) => entry.matched === first.matched);
  return {
    hit: {
      patient_key: first.row.patient_key,
      order_id: first.row.order_id,
      so_number: first.row.so_number,
      matched: first.matched,
    },
    patientKeys: [...new Set(sameKind.map((entry) => entry.row.patient_key))],
  };
};

/** A page of the payor's patients the search text finds, and the order it names. */
export const searchPatientPage = async (
  db: Kysely<Database>,
  query: TSearchPageQuery,
): Promise<TSearchPage> => {
  const plan = planSearch(query.search);
  const keyed = {
    dialect: query.dialect,
    payorKey: query.payorKey,
    page: query.page,
    perPage: query.perPage,
    classifications: query.classifications,
  };
  if (plan.order !== null) {
    const found = await findOrderHit(db, { ...query, order: plan.order });
    if (found !== undefined) {
      const page = await listKeyedPatients(db, {
        ...keyed,
        kind: 'keys',
        keys: found.patientKeys,
      });
      return { ...page, orderHit: found.hit };
    }
  }
  switch (plan.patients.by) {
    case 'dob':
      return listKeyedPatients(db, { ...keyed, kind: 'dob', text: plan.patients.dob });
    case 'phone':
      return listKeyedPatients(db, { ...keyed, kind: 'phone', text: plan.patients.digits });
    case 'name':
      return listPatients(db, query);
  }
};
