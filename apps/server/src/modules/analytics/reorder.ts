import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import {
  dateOfDay,
  round1,
  type TReorderPattern,
  type TReorderResponse,
} from '@portal/domain/analytics';
import type { Database } from '../../db/schema';
import { patientCategorySlices, patientsByKey, type TDayRange } from './repository';
import {
  createTrackedPatients,
  type TPatientFigures,
  type TTrackedPatients,
} from './tracked-patients';

export type { TPatientFigures } from './tracked-patients';

const nameOf = (row: { first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter((part) => part?.trim()).join(' ') || 'N/A';

/** Every tracked patient, most urgent first, with the summary and the categories. */
export type TReorderFigures = Pick<TReorderResponse, 'summary' | 'category_patterns'> & {
  tracked: TTrackedPatients;
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
      order_categories: [...patient.categories],
    };
  });
};

type TCycles = { count: number; sum: number; low: number; high: number };

/**
 * Reorder patterns of the period (docs/decisions.md, "Analytics"): a patient with at least
 * minOrders orders in the period has an average cycle of (last day - first day) / (orders - 1),
 * which is the mean of the gaps between consecutive orders; the next order is predicted at the
 * last order plus that cycle rounded to whole days. No names: a page of the list or an export
 * reads those for the patients it shows (presentPatterns). Read in slices of patients, with a
 * turn of the event loop after each (docs/decisions.md, "The reorder list at a million
 * patients").
 */
export const reorderFigures = async (
  db: Kysely<Database>,
  options: { range: TDayRange; today: number; minOrders: number; sliceRows?: number },
): Promise<TReorderFigures> => {
  const { range, today, minOrders, sliceRows } = options;
  const tracked = createTrackedPatients(today);
  const cyclesOf = new Map<string, TCycles>();
  let patient: Parameters<typeof tracked.add>[0] | undefined;
  const close = () => {
    if (patient && patient.orders >= minOrders) {
      tracked.add(patient);
    }
  };
  for await (const slice of patientCategorySlices(db, range, sliceRows)) {
    for (const row of slice) {
      if (patient?.patientKey !== row.patientKey) {
        close();
        // Built field by field: a spread of the row here cost seconds at a million patients.
        patient = {
          patientKey: row.patientKey,
          orders: 0,
          firstDay: row.firstDay,
          lastDay: row.lastDay,
          categories: [],
        };
      }
      patient.orders += row.orders;
      patient.firstDay = Math.min(patient.firstDay, row.firstDay);
      patient.lastDay = Math.max(patient.lastDay, row.lastDay);
      patient.categories.push(row.category);
      if (row.orders >= minOrders) {
        const cycle = (row.lastDay - row.firstDay) / (row.orders - 1);
        const cycles = cyclesOf.get(row.category);
        if (cycles) {
          cycles.count += 1;
          cycles.sum += cycle;
          cycles.low = Math.min(cycles.low, cycle);
          cycles.high = Math.max(cycles.high, cycle);
        } else {
          cyclesOf.set(row.category, { count: 1, sum: cycle, low: cycle, high: cycle });
        }
      }
    }
    // SQLite reads synchronously: without this turn, the slices would run back to back.
    await yieldToLoop();
  }
  close();
  const list = await tracked.finish();

  const category_patterns: TReorderResponse['category_patterns'] = {};
  for (const category of [...cyclesOf.keys()].sort((a, b) => a.localeCompare(b))) {
    const cycles = cyclesOf.get(category)!;
    category_patterns[category] = {
      avg_reorder_days: round1(cycles.sum / cycles.count),
      min_reorder_days: round1(cycles.low),
      max_reorder_days: round1(cycles.high),
      patient_count: cycles.count,
    };
  }
  return {
    summary: {
      overdue_reorders: list.overdue,
      due_soon: list.dueSoon,
      avg_days_between_all_orders: list.meanGap === null ? null : round1(list.meanGap),
      total_patients: list.length,
    },
    tracked: list,
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
