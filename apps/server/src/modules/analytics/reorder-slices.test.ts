import { describe, expect, it } from 'vitest';
import { testDialects, useMigratedDatabase } from '../../test/databases';
import { turnsDuring } from '../../test/event-loop';
import { reorderFigures } from './reorder';
import { patientCategorySlices } from './repository';

/**
 * The reorder list read in slices of patients (docs/decisions.md, "The reorder list at a
 * million patients"): slices never split a patient, lose none, and leave the figures as one
 * read would give them.
 */
const TODAY = 20_000;
const RANGE = { from: TODAY - 179, to: TODAY };

// 40 patients; p07 has more rows than a slice of 3, and some rows fall outside the period.
const rows = Array.from({ length: 40 }, (_, patient) => patient).flatMap((patient) => {
  const patientKey = `p${String(patient).padStart(2, '0')}`;
  const days = patient === 7 ? [-300, -170, -120, -90, -60, -30, -5] : [-200, -40 - patient, -3];
  return days.map((day, index) => ({
    patient_key: patientKey,
    day: TODAY + day,
    category: ['CPAP/BiPAP', 'Urology', 'Ostomy'][(patient + index) % (patient % 3 === 0 ? 1 : 3)]!,
    order_count: 1 + (index % 2),
  }));
});

describe.each(testDialects())('the reorder list read in slices of patients [%s]', (dialect) => {
  const database = useMigratedDatabase(dialect, async (db) => {
    await db.insertInto('analytics_patient_days').values(rows).execute();
  });

  const read = async (sliceRows: number) => {
    const slices = [];
    for await (const slice of patientCategorySlices(database().db, RANGE, sliceRows)) {
      slices.push(slice);
    }
    return slices;
  };

  it('reads every patient of the period once, each in one slice', async () => {
    const whole = await read(1_000);
    const sliced = await read(3);
    expect(whole).toHaveLength(1);
    expect(sliced.length).toBeGreaterThan(10);
    expect(sliced.flat()).toEqual(whole[0]);
    const sliceOf = new Map<string, number>();
    sliced.forEach((slice, index) => {
      for (const row of slice) {
        expect(sliceOf.get(row.patientKey) ?? index).toBe(index);
        sliceOf.set(row.patientKey, index);
      }
    });
    expect(sliceOf.size).toBe(40);
    const p07 = whole[0]!.filter((row) => row.patientKey === 'p07');
    // Six of its seven rows are in the period.
    expect(p07.reduce((sum, row) => sum + row.orders, 0)).toBe(
      rows
        .filter((row) => row.patient_key === 'p07' && row.day >= RANGE.from)
        .reduce((sum, row) => sum + row.order_count, 0),
    );
  });

  it('gives the same figures in slices as in one read, and lets the event loop turn', async () => {
    const options = { range: RANGE, today: TODAY, minOrders: 2 };
    const whole = await reorderFigures(database().db, { ...options, sliceRows: 1_000 });
    const { result: sliced, turns } = await turnsDuring(() =>
      reorderFigures(database().db, { ...options, sliceRows: 3 }),
    );
    expect(turns).toBeGreaterThan(10);
    expect(sliced.summary).toEqual(whole.summary);
    expect(sliced.category_patterns).toEqual(whole.category_patterns);
    expect(sliced.tracked.slice(0)).toEqual(whole.tracked.slice(0));
    expect(whole.summary.total_patients).toBe(40);
    expect(Object.keys(whole.category_patterns)).toEqual(['CPAP/BiPAP', 'Ostomy', 'Urology']);
  });

  it('reads nothing from an empty period', async () => {
    const empty = [];
    for await (const slice of patientCategorySlices(database().db, { from: 0, to: 10 }, 3)) {
      empty.push(...slice);
    }
    expect(empty).toEqual([]);
  });
});
