import type { Kysely } from 'kysely';
import { DAY_MS, REORDER_THRESHOLDS, round1 } from '@portal/domain/analytics';
import { statusGroupOf } from '@portal/domain/order-status';
import type { Database } from '../db/schema';

/**
 * The analytics figures computed the plain way, straight from the orders, status history
 * and patients tables, one order and one patient at a time, with none of the summaries'
 * shortcuts. Tests compare the API's answers with these (docs/decisions.md, "Analytics").
 */

const utcDay = (ms: number) => Math.floor(ms / DAY_MS);
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

const load = async (db: Kysely<Database>) => ({
  orders: await db.selectFrom('orders').selectAll().execute(),
  history: await db.selectFrom('order_status_history').selectAll().execute(),
  patients: await db.selectFrom('patients').selectAll().execute(),
});

/** Orders created on one of the period's days: today and the days - 1 before it. */
const inPeriod = (created: number | null, now: number, days: number) => {
  if (created === null) {
    return false;
  }
  const day = utcDay(created);
  return day <= utcDay(now) && day > utcDay(now) - days;
};

const categoryOf = (name: string | null) => (name ? name : 'Uncategorized');

export const plainProcessingTime = async (db: Kysely<Database>, now: number, days: number) => {
  const { orders, history } = await load(db);
  const perStatus = new Map<string, number[]>();
  const perCategory = new Map<string, number[]>();
  for (const order of orders) {
    if (!inPeriod(order.date_created, now, days)) {
      continue;
    }
    const rows = history.filter((row) => row.order_id === order.order_id);
    // Processing: creation to the first time the order entered a shipped-group status.
    const shippedAt = rows
      .filter((row) => row.entered_at !== null && statusGroupOf(row.status) === 'shipped')
      .map((row) => Number(row.entered_at))
      .sort((a, b) => a - b)[0];
    if (shippedAt !== undefined) {
      const list = perCategory.get(categoryOf(order.so_classification_name)) ?? [];
      list.push((shippedAt - Number(order.date_created)) / DAY_MS);
      perCategory.set(categoryOf(order.so_classification_name), list);
    }
    // Per status: the order's finished stays in it, added up.
    const stays = new Map<string, number>();
    for (const row of rows) {
      if (row.status !== null && row.entered_at !== null && row.exited_at !== null) {
        const spent = row.exited_at - row.entered_at;
        stays.set(row.status, (stays.get(row.status) ?? 0) + spent);
      }
    }
    for (const [status, spent] of stays) {
      const list = perStatus.get(status) ?? [];
      list.push(spent / DAY_MS);
      perStatus.set(status, list);
    }
  }
  return {
    status_durations: [...perStatus]
      .map(([status, list]) => ({
        status,
        order_count: list.length,
        avg_days: round1(mean(list)),
        min_days: round1(Math.min(...list)),
        max_days: round1(Math.max(...list)),
      }))
      .sort((a, b) => b.order_count - a.order_count || a.status.localeCompare(b.status)),
    category_stats: Object.fromEntries(
      [...perCategory]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([category, list]) => [
          category,
          { avg_days: round1(mean(list)), count: list.length },
        ]),
    ),
  };
};

export const plainReorderPatterns = async (
  db: Kysely<Database>,
  options: { now: number; days: number; minOrders: number },
) => {
  const { now, days, minOrders } = options;
  const { orders, patients } = await load(db);
  const today = utcDay(now);
  const byPatient = new Map<string, typeof orders>();
  for (const order of orders) {
    if (order.patient_key !== null && inPeriod(order.date_created, now, days)) {
      byPatient.set(order.patient_key, [...(byPatient.get(order.patient_key) ?? []), order]);
    }
  }
  const cycleOf = (list: typeof orders) => {
    const sortedDays = list
      .map((order) => utcDay(Number(order.date_created)))
      .sort((a, b) => a - b);
    const gaps = sortedDays.slice(1).map((day, index) => day - sortedDays[index]!);
    return { gaps, last: sortedDays[sortedDays.length - 1]!, cycle: mean(gaps) };
  };
  const patterns = [];
  const allGaps: number[] = [];
  const categoryCycles = new Map<string, number[]>();
  for (const [patientKey, list] of byPatient) {
    for (const category of new Set(list.map((order) => categoryOf(order.so_classification_name)))) {
      const ofCategory = list.filter(
        (order) => categoryOf(order.so_classification_name) === category,
      );
      if (ofCategory.length >= minOrders) {
        categoryCycles.set(category, [
          ...(categoryCycles.get(category) ?? []),
          cycleOf(ofCategory).cycle,
        ]);
      }
    }
    if (list.length < minOrders) {
      continue;
    }
    const { gaps, last, cycle } = cycleOf(list);
    allGaps.push(...gaps);
    const predicted = last + Math.round(cycle);
    const until = predicted - today;
    const person = patients.find((patient) => patient.patient_key === patientKey);
    patterns.push({
      patient_key: patientKey,
      patient_id: person?.patient_id ?? null,
      patient_name: person
        ? [person.first_name, person.last_name].filter((part) => part?.trim()).join(' ') || 'N/A'
        : 'N/A',
      payor_key: person?.payor_key ?? null,
      total_orders: list.length,
      avg_days_between_orders: round1(cycle),
      last_order_date: isoDay(last),
      predicted_next_order: isoDay(predicted),
      days_until_reorder: until,
      reorder_status:
        until < 0
          ? 'overdue'
          : until <= REORDER_THRESHOLDS.dueSoonDays
            ? 'due_soon'
            : until <= REORDER_THRESHOLDS.upcomingDays
              ? 'upcoming'
              : 'scheduled',
      order_categories: [
        ...new Set(list.map((order) => categoryOf(order.so_classification_name))),
      ].sort((a, b) => a.localeCompare(b)),
    });
  }
  patterns.sort(
    (a, b) =>
      a.days_until_reorder - b.days_until_reorder || a.patient_key.localeCompare(b.patient_key),
  );
  return {
    summary: {
      overdue_reorders: patterns.filter((row) => row.days_until_reorder < 0).length,
      due_soon: patterns.filter((row) => row.days_until_reorder >= 0 && row.days_until_reorder <= 7)
        .length,
      avg_days_between_all_orders: allGaps.length > 0 ? round1(mean(allGaps)) : null,
      total_patients: patterns.length,
    },
    reorder_patterns: patterns,
    category_patterns: Object.fromEntries(
      [...categoryCycles]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([category, cycles]) => [
          category,
          {
            avg_reorder_days: round1(mean(cycles)),
            min_reorder_days: round1(Math.min(...cycles)),
            max_reorder_days: round1(Math.max(...cycles)),
            patient_count: cycles.length,
          },
        ]),
    ),
  };
};
