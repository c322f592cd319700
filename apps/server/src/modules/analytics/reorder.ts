import type { Kysely } from 'kysely';
import {
  REORDER_THRESHOLDS,
  dateOfDay,
  reorderStatusOf,
  round1,
  type TReorderPattern,
  type TReorderResponse,
  type TReorderStatus,
} from '@portal/domain/analytics';
import type { Database } from '../../db/schema';
import { patientCategoryTotals, patientsByKey, type TDayRange } from './repository';

export type TPatientFigures = {
  patientKey: string;
  orders: number;
  firstDay: number;
  lastDay: number;
  categories: string[];
  avgCycle: number;
  predictedDay: number;
  daysUntil: number;
  status: TReorderStatus;
};

const nameOf = (row: { first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter((part) => part?.trim()).join(' ') || 'N/A';

/** Every tracked patient, most urgent first, with the summary and the categories. */
export type TReorderFigures = Pick<TReorderResponse, 'summary' | 'category_patterns'> & {
  tracked: TPatientFigures[];
};

// Names are read in slices: an export names every tracked patient, more than one IN list takes.
const NAME_SLICE = 500;

/** The API rows of these patients, in their order, with names and IDs from `patients`. */
export const presentPatterns = async (
  db: Kysely<Database>,
  shown: readonly TPatientFigures[],
): Promise<TReorderPattern[]> => {
  const people = new Map<string, Awaited<ReturnType<typeof patientsByKey>>[number]>();
  for (let start = 0; start < shown.length; start += NAME_SLICE) {
    const keys = shown.slice(start, start + NAME_SLICE).map((patient) => patient.patientKey);
    for (const row of await patientsByKey(db, keys)) {
      people.set(row.patient_key, row);
    }
  }
  return shown.map((patient) => {
    const person = people.get(patient.patientKey);
    return {
      patient_key: patient.patientKey,
      patient_id: person?.patient_id ?? null,
      patient_name: person ? nameOf(person) : 'N/A',
      payor_key: person?.payor_key ?? null,
      total_orders: patient.orders,
      avg_days_between_orders: round1(patient.avgCycle),
      last_order_date: dateOfDay(patient.lastDay),
      predicted_next_order: dateOfDay(patient.predictedDay),
      days_until_reorder: patient.daysUntil,
      reorder_status: patient.status,
      order_categories: patient.categories,
    };
  });
};

/**
 * Reorder patterns of the period (docs/decisions.md, "Analytics"): a patient with at least
 * minOrders orders in the period has an average cycle of (last day - first day) / (orders - 1),
 * which is the mean of the gaps between consecutive orders; the next order is predicted at the
 * last order plus that cycle rounded to whole days. No names: a page of the list or an export
 * reads those for the patients it shows (presentPatterns).
 */
export const reorderFigures = async (
  db: Kysely<Database>,
  options: { range: TDayRange; today: number; minOrders: number },
): Promise<TReorderFigures> => {
  const { range, today, minOrders } = options;
  const rows = await patientCategoryTotals(db, range);
  const byPatient = new Map<string, TPatientFigures>();
  const categoryCycles = new Map<string, number[]>();
  for (const row of rows) {
    let patient = byPatient.get(row.patientKey);
    if (!patient) {
      patient = {
        patientKey: row.patientKey,
        orders: 0,
        firstDay: row.firstDay,
        lastDay: row.lastDay,
        categories: [],
        avgCycle: 0,
        predictedDay: 0,
        daysUntil: 0,
        status: 'scheduled',
      };
      byPatient.set(row.patientKey, patient);
    }
    patient.orders += row.orders;
    patient.firstDay = Math.min(patient.firstDay, row.firstDay);
    patient.lastDay = Math.max(patient.lastDay, row.lastDay);
    patient.categories.push(row.category);
    if (row.orders >= minOrders) {
      const cycles = categoryCycles.get(row.category) ?? [];
      cycles.push((row.lastDay - row.firstDay) / (row.orders - 1));
      categoryCycles.set(row.category, cycles);
    }
  }

  const tracked: TPatientFigures[] = [];
  let gapDays = 0;
  let gaps = 0;
  for (const patient of byPatient.values()) {
    if (patient.orders < minOrders) {
      continue;
    }
    gapDays += patient.lastDay - patient.firstDay;
    gaps += patient.orders - 1;
    patient.avgCycle = (patient.lastDay - patient.firstDay) / (patient.orders - 1);
    patient.predictedDay = patient.lastDay + Math.round(patient.avgCycle);
    patient.daysUntil = patient.predictedDay - today;
    patient.status = reorderStatusOf(patient.daysUntil) as TReorderStatus;
    patient.categories.sort((a, b) => a.localeCompare(b));
    tracked.push(patient);
  }
  // Most urgent first: the attention list and the schedule read the head of this list.
  tracked.sort((a, b) => a.daysUntil - b.daysUntil || a.patientKey.localeCompare(b.patientKey));
  const category_patterns: TReorderResponse['category_patterns'] = {};
  for (const category of [...categoryCycles.keys()].sort((a, b) => a.localeCompare(b))) {
    const cycles = categoryCycles.get(category)!;
    category_patterns[category] = {
      avg_reorder_days: round1(cycles.reduce((sum, cycle) => sum + cycle, 0) / cycles.length),
      // reduce, not Math.min(...cycles): tens of thousands of arguments overflow the stack.
      min_reorder_days: round1(cycles.reduce((low, cycle) => Math.min(low, cycle))),
      max_reorder_days: round1(cycles.reduce((high, cycle) => Math.max(high, cycle))),
      patient_count: cycles.length,
    };
  }

  return {
    summary: {
      overdue_reorders: tracked.filter((patient) => patient.daysUntil < 0).length,
      due_soon: tracked.filter(
        (patient) => patient.daysUntil >= 0 && patient.daysUntil <= REORDER_THRESHOLDS.dueSoonDays,
      ).length,
      avg_days_between_all_orders: gaps > 0 ? round1(gapDays / gaps) : null,
      total_patients: tracked.length,
    },
    tracked,
    category_patterns,
  };
};

/** The figures with one page of the list (`limit` patients from `offset`), named. */
export const reorderPatterns = async (
  db: Kysely<Database>,
  options: { range: TDayRange; today: number; minOrders: number; limit: number; offset?: number },
): Promise<Pick<TReorderResponse, 'summary' | 'reorder_patterns' | 'category_patterns'>> => {
  const { tracked, summary, category_patterns } = await reorderFigures(db, options);
  const offset = options.offset ?? 0;
  return {
    summary,
    reorder_patterns: await presentPatterns(db, tracked.slice(offset, offset + options.limit)),
    category_patterns,
  };
};
