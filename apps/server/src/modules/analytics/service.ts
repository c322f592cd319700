import type { Kysely } from 'kysely';
import {
  DAY_MS,
  dateOfDay,
  dayOf,
  periodDays,
  round1,
  type TProcessingTimeResponse,
  type TStatusDurationResponse,
} from '@portal/domain/analytics';
import type { Database } from '../../db/schema';
import { categoryTotals, statusTotals, type TDayRange } from './repository';

/** The period's days and the fields every analytics answer carries. */
export const periodOf = (now: number, days: number) => {
  const range = periodDays(dayOf(now), days);
  return {
    range,
    head: {
      success: true as const,
      days,
      period_start: dateOfDay(range.from),
      period_end: dateOfDay(range.to),
    },
  };
};

const days = (ms: number) => round1(ms / DAY_MS);

/** Statuses of orders created in the period, most orders first. */
export const statusDurations = async (db: Kysely<Database>, range: TDayRange) =>
  (await statusTotals(db, range))
    .filter((row) => row.orders > 0)
    .map((row) => ({
      status: row.status,
      order_count: row.orders,
      avg_days: days(row.totalMs / row.orders),
      min_days: days(row.minMs),
      max_days: days(row.maxMs),
    }))
    .sort((a, b) => b.order_count - a.order_count || a.status.localeCompare(b.status));

export const processingTime = async (
  db: Kysely<Database>,
  range: TDayRange,
): Promise<Pick<TProcessingTimeResponse, 'status_durations' | 'category_stats'>> => {
  const [statuses, categories] = await Promise.all([
    statusDurations(db, range),
    categoryTotals(db, range),
  ]);
  const category_stats: TProcessingTimeResponse['category_stats'] = {};
  for (const row of categories.sort((a, b) => a.category.localeCompare(b.category))) {
    if (row.orders > 0) {
      category_stats[row.category] = {
        avg_days: days(row.totalMs / row.orders),
        count: row.orders,
      };
    }
  }
  return { status_durations: statuses, category_stats };
};

export const statusDurationPanel = async (
  db: Kysely<Database>,
  range: TDayRange,
): Promise<Pick<TStatusDurationResponse, 'statuses'>> => ({
  statuses: (await statusDurations(db, range)).map((row) => ({
    name: row.status,
    avg_duration_days: row.avg_days,
    order_count: row.order_count,
  })),
});
