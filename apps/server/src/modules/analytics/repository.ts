import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Reads of the analytics summaries (migration 0013); a period is a range of days. */

export type TDayRange = { from: number; to: number };

/** Numbers from SUM/MIN/MAX: MySQL and PostgreSQL send big sums as strings. */
const num = (value: unknown) => Number(value ?? 0);

export const readRefresh = async (db: Kysely<Database>) =>
  (await db
    .selectFrom('analytics_refresh')
    .select(['refreshed_at', 'version'])
    .where('id', '=', 1)
    .executeTakeFirst()) ?? null;

export const categoryTotals = async (db: Kysely<Database>, range: TDayRange) => {
  const rows = await db
    .selectFrom('analytics_processing_days')
    .select((eb) => [
      'category',
      eb.fn.sum<number>('order_count').as('orders'),
      eb.fn.sum<number>('total_ms').as('total_ms'),
    ])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('category')
    .execute();
  return rows.map((row) => ({
    category: row.category,
    orders: num(row.orders),
    totalMs: num(row.total_ms),
  }));
};

export const statusTotals = async (db: Kysely<Database>, range: TDayRange) => {
  const rows = await db
    .selectFrom('analytics_status_days')
    .select((eb) => [
      'status',
      eb.fn.sum<number>('order_count').as('orders'),
      eb.fn.sum<number>('total_ms').as('total_ms'),
      eb.fn.min<number>('min_ms').as('min_ms'),
      eb.fn.max<number>('max_ms').as('max_ms'),
    ])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({
    status: row.status,
    orders: num(row.orders),
    totalMs: num(row.total_ms),
    minMs: num(row.min_ms),
    maxMs: num(row.max_ms),
  }));
};

const edgePatientKey = async (db: Kysely<Database>, direction: 'asc' | 'desc') =>
  (
    await db
      .selectFrom('analytics_patient_days')
      .select('patient_key')
      .orderBy('patient_key', direction)
      .limit(1)
      .executeTakeFirst()
  )?.patient_key;

/**
 * Rows of analytics_patient_days per slice: about this many, so that one read (synchronous on
 * SQLite's one connection) keeps the event loop for milliseconds, not the seconds a million
 * patients' rows take in one read.
 */
export const PATIENT_SLICE_ROWS = 8_000;

/**
 * Per patient and category in the period: orders, first and last day, in slices of
 * patients. A slice is a range of patient keys, after the previous slice's last key up to and
 * including its own, found on the primary key (patient_key, day, category), so a patient's
 * rows are never split between two slices and each slice's
 * grouping reads its own rows only. Within a slice, rows come by patient, then category.
 */
export async function* patientCategorySlices(
  db: Kysely<Database>,
  range: TDayRange,
  sliceRows = PATIENT_SLICE_ROWS,
) {
  // Both ends of every slice are keys: with an open end, a planner may take the day index and
  // read every patient's rows of the period (SQLite did, 0.4 s at a million patients).
  const first = await edgePatientKey(db, 'asc');
  if (first === undefined) {
    return;
  }
  let from: { key: string; inclusive: boolean } = { key: first, inclusive: true };
  for (;;) {
    // The sliceRows-th key from `from` on, or the last key: a slice always moves on, even past
    // a patient with more rows than that.
    const bound = await db
      .selectFrom('analytics_patient_days')
      .select('patient_key')
      .where('patient_key', from.inclusive ? '>=' : '>', from.key)
      .orderBy('patient_key')
      .limit(1)
      .offset(sliceRows - 1)
      .executeTakeFirst();
    const to = bound?.patient_key ?? (await edgePatientKey(db, 'desc'));
    if (to === undefined) {
      // A sync emptied the table meanwhile: its new version prepares the answer again.
      return;
    }
    const rows = await db
      .selectFrom('analytics_patient_days')
      .select((eb) => [
        'patient_key',
        'category',
        eb.fn.sum<number>('order_count').as('orders'),
        eb.fn.min<number>('day').as('first_day'),
        eb.fn.max<number>('day').as('last_day'),
      ])
      .where('patient_key', from.inclusive ? '>=' : '>', from.key)
      .where('patient_key', '<=', to)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['patient_key', 'category'])
      .orderBy('patient_key')
      .orderBy('category')
      .execute();
    yield rows.map((row) => ({
      patientKey: row.patient_key,
      category: row.category,
      orders: num(row.orders),
      firstDay: num(row.first_day),
      lastDay: num(row.last_day),
    }));
    if (!bound) {
      return;
    }
    from = { key: to, inclusive: false };
  }
}

export const patientsByKey = async (db: Kysely<Database>, keys: string[]) =>
  keys.length === 0
    ? []
    : db
        .selectFrom('patients')
        .select(['patient_key', 'patient_id', 'first_name', 'last_name', 'payor_key'])
        .where('patient_key', 'in', keys)
        .execute();
