import type { Kysely } from 'kysely';
import { matchesView } from '@portal/domain/order-progress';
import { statusGroupOf } from '@portal/domain/order-status';
import type { Database } from '../../db/schema';

/**
 * The worklist summary as the domain's own rules compute it in JavaScript from the tables
 * the sync loads, and as stored, for the tests that load data for real
 * (analytics/sync-summaries.test.ts): after every load the two must be equal.
 */

const VIEW_OF_GROUP = {
  pending_documents: 'action_items',
  in_progress: 'in_progress',
  shipped: 'shipped',
} as const;

type TCompared = {
  order_id: string;
  payor_key: string | null;
  last_name: string | null;
  status: string | null;
  view_group: string;
  shipped_view: number;
  status_since: number | null;
  so_classification_key: string | null;
};

const byOrder = (a: TCompared, b: TCompared) => (a.order_id < b.order_id ? -1 : 1);

/** What order_worklist should hold, from orders, patients and order_status_history. */
export const plainWorklist = async (db: Kysely<Database>): Promise<TCompared[]> => {
  const [orders, patients, history] = await Promise.all([
    db.selectFrom('orders').selectAll().execute(),
    db.selectFrom('patients').select(['patient_key', 'payor_key', 'last_name']).execute(),
    db.selectFrom('order_status_history').selectAll().execute(),
  ]);
  const patientOf = new Map(patients.map((patient) => [patient.patient_key, patient]));
  const historyOf = new Map<string | null, typeof history>();
  for (const row of history) {
    historyOf.set(row.order_id, [...(historyOf.get(row.order_id) ?? []), row]);
  }
  return orders
    .flatMap((order) => {
      const patient = patientOf.get(order.patient_key ?? '');
      if (!patient) {
        return [];
      }
      const status = order.status?.trim();
      // The latest entry of the current status with a start, an open one first.
      const [since] = (historyOf.get(order.order_id) ?? [])
        .filter((row) => row.entered_at !== null && row.status?.trim() === status)
        .sort(
          (a, b) =>
            Number(a.exited_at !== null) - Number(b.exited_at !== null) ||
            (b.entered_at ?? 0) - (a.entered_at ?? 0),
        );
      const group = statusGroupOf(status);
      return [
        {
          order_id: order.order_id,
          payor_key: patient.payor_key,
          last_name: patient.last_name,
          status: order.status,
          view_group: group === undefined ? '' : VIEW_OF_GROUP[group],
          shipped_view: matchesView(order, 'shipped') ? 1 : 0,
          status_since: since?.entered_at ?? null,
          so_classification_key: order.so_classification_key,
        },
      ];
    })
    .sort(byOrder);
};

/** What order_worklist holds, in the same shape. */
export const storedWorklist = async (db: Kysely<Database>): Promise<TCompared[]> =>
  (
    await db
      .selectFrom('order_worklist')
      .select([
        'order_id',
        'payor_key',
        'last_name',
        'status',
        'view_group',
        'shipped_view',
        'status_since',
        'so_classification_key',
      ])
      .execute()
  ).sort(byOrder);

/** The counts summary against the rows it counts, as two comparable lists. */
export const worklistCounts = async (db: Kysely<Database>) => {
  const rows = await storedWorklist(db);
  const plain = new Map<string, number>();
  for (const row of rows) {
    const key = [
      row.payor_key ?? '',
      row.so_classification_key ?? '',
      row.view_group,
      row.shipped_view,
    ].join('|');
    plain.set(key, (plain.get(key) ?? 0) + 1);
  }
  const stored = await db.selectFrom('order_worklist_counts').selectAll().execute();
  return {
    expected: [...plain.entries()].sort(),
    actual: stored
      .map((row): [string, number] => [
        [row.payor_key, row.classification_key, row.view_group, row.shipped_view].join('|'),
        row.order_count,
      ])
      .sort(),
  };
};
