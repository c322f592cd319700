import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { REORDER_THRESHOLDS, reorderStatusOf, type TReorderStatus } from '@portal/domain/analytics';

export type TPatientFigures = {
  patientKey: string;
  orders: number;
  firstDay: number;
  lastDay: number;
  categories: readonly string[];
  avgCycle: number;
  predictedDay: number;
  daysUntil: number;
  status: TReorderStatus;
};

// How many patients are sorted between two turns of the event loop.
const SORT_TURN = 20_000;

/**
 * Indices of the patients by days until the next order, then by key: a counting sort by day
 * (a few hundred distinct values), then each day's patients by key, yielding between days so
 * that sorting a million patients never holds the event loop for more than a few milliseconds.
 * Each day's patients arrive in the database's key order, nearly sorted already.
 */
const urgencyOrder = async (daysUntil: Int32Array, keys: readonly string[]) => {
  let low = 0;
  let high = -1;
  for (let index = 0; index < daysUntil.length; index += 1) {
    const days = daysUntil[index]!;
    low = index === 0 ? days : Math.min(low, days);
    high = index === 0 ? days : Math.max(high, days);
  }
  const starts = new Uint32Array(high - low + 2);
  for (const days of daysUntil) {
    starts[days - low + 1]! += 1;
  }
  for (let bucket = 1; bucket < starts.length; bucket += 1) {
    starts[bucket]! += starts[bucket - 1]!;
  }
  const order = new Uint32Array(daysUntil.length);
  const next = starts.slice();
  for (let index = 0; index < daysUntil.length; index += 1) {
    order[next[daysUntil[index]! - low]!++] = index;
  }
  let sinceTurn = 0;
  for (let bucket = 0; bucket + 1 < starts.length; bucket += 1) {
    const day = order.subarray(starts[bucket], starts[bucket + 1]);
    day.sort((a, b) => keys[a]!.localeCompare(keys[b]!));
    sinceTurn += day.length;
    if (sinceTurn >= SORT_TURN) {
      sinceTurn = 0;
      await yieldToLoop();
    }
  }
  return order;
};

/**
 * Every tracked patient of a period, most urgent first, kept as columns rather than a million
 * objects (a process holds one such list per period it answered): pages, the attention list
 * and the export build the objects of the patients they show.
 */
export const createTrackedPatients = (today: number) => {
  const keys: string[] = [];
  const orders: number[] = [];
  const firstDays: number[] = [];
  const lastDays: number[] = [];
  const categories: (readonly string[])[] = [];
  // Patients share few distinct sets of categories: each set is kept once.
  const sets = new Map<string, readonly string[]>();

  return {
    add: (patient: {
      patientKey: string;
      orders: number;
      firstDay: number;
      lastDay: number;
      categories: string[];
    }) => {
      const sorted = patient.categories.sort((a, b) => a.localeCompare(b));
      const id = sorted.join('\u001f');
      let set = sets.get(id);
      if (!set) {
        set = Object.freeze(sorted);
        sets.set(id, set);
      }
      keys.push(patient.patientKey);
      orders.push(patient.orders);
      firstDays.push(patient.firstDay);
      lastDays.push(patient.lastDay);
      categories.push(set);
    },

    /** The list in its order, with the counts the summary reports. */
    finish: async () => {
      const count = keys.length;
      const daysUntil = new Int32Array(count);
      let gapDays = 0;
      let gaps = 0;
      for (let index = 0; index < count; index += 1) {
        const span = lastDays[index]! - firstDays[index]!;
        gapDays += span;
        gaps += orders[index]! - 1;
        daysUntil[index] = lastDays[index]! + Math.round(span / (orders[index]! - 1)) - today;
      }
      const order = await urgencyOrder(daysUntil, keys);
      // Sorted by days until the next order: overdue, then due soon, lead the list.
      let overdue = 0;
      let attention = 0;
      for (const index of order) {
        if (daysUntil[index]! > REORDER_THRESHOLDS.dueSoonDays) {
          break;
        }
        overdue += daysUntil[index]! < 0 ? 1 : 0;
        attention += 1;
      }
      const figuresAt = (position: number): TPatientFigures => {
        const index = order[position]!;
        const avgCycle = (lastDays[index]! - firstDays[index]!) / (orders[index]! - 1);
        return {
          patientKey: keys[index]!,
          orders: orders[index]!,
          firstDay: firstDays[index]!,
          lastDay: lastDays[index]!,
          categories: categories[index]!,
          avgCycle,
          predictedDay: daysUntil[index]! + today,
          daysUntil: daysUntil[index]!,
          status: reorderStatusOf(daysUntil[index]!) as TReorderStatus,
        };
      };
      return {
        length: count,
        overdue,
        /** Overdue or due soon: the head of the list. */
        attention,
        dueSoon: attention - overdue,
        /** Days between consecutive orders over every tracked patient, or null without any. */
        meanGap: gaps > 0 ? gapDays / gaps : null,
        /** The patients at positions start to end - 1 of the list, as slice() counts them. */
        slice: (start: number, end = count) => {
          const shown: TPatientFigures[] = [];
          for (let position = Math.max(0, start); position < Math.min(end, count); position += 1) {
            shown.push(figuresAt(position));
          }
          return shown;
        },
      };
    },
  };
};

export type TTrackedPatients = Awaited<
  ReturnType<ReturnType<typeof createTrackedPatients>['finish']>
>;
