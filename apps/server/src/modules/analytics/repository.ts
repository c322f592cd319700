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

/** Per patient and category in the period: orders, first and last day. */
export const patientCategoryTotals = async (db: Kysely<Database>, range: TDayRange) => {
  const rows = await db
    .selectFrom('analytics_patient_days')
    .select((eb) => [
      'patient_key',
      'category',
      eb.fn.sum<number>('order_count').as('orders'),
      eb.fn.min<number>('day').as('first_day'),
      eb.fn.max<number>('day').as('last_day'),
    ])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy(['patient_key', 'category'])
    .execute();
  return rows.map((row) => ({
    patientKey: row.patient_key,
    category: row.category,
    orders: num(row.orders),
    firstDay: num(row.first_day),
    lastDay: num(row.last_day),
  }));
};

export const patientsByKey = async (db: Kysely<Database>, keys: string[]) =>
  keys.length === 0
    ? []
    : db
        .selectFrom('patients')
        .select(['patient_key', 'patient_id', 'first_name', 'last_name', 'payor_key'])
        .where('patient_key', 'in', keys)
        .execute();
