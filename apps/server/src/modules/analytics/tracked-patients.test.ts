import { describe, expect, it } from 'vitest';
import { turnsDuring } from '../../test/event-loop';
import { createTrackedPatients } from './tracked-patients';

const TODAY = 20_000;

describe('the tracked patients of a reorder period', () => {
  it('orders patients by days until the next order, then by key, with the summary counts', async () => {
    const tracked = createTrackedPatients(TODAY);
    // Cycle (last - first) / (orders - 1); next order at last + that cycle, rounded.
    const add = (patientKey: string, orders: number, firstDay: number, lastDay: number) =>
      tracked.add({ patientKey, orders, firstDay, lastDay, categories: ['Urology', 'CPAP'] });
    add('c', 2, TODAY - 30, TODAY - 20); // cycle 10: due TODAY - 10, overdue
    add('b', 3, TODAY - 12, TODAY - 6); // cycle 3: due TODAY - 3, overdue
    add('a', 2, TODAY - 40, TODAY - 10); // cycle 30: due in 20 days, upcoming
    add('d', 2, TODAY - 12, TODAY - 6); // cycle 6: due today, due soon
    add('e', 2, TODAY - 21, TODAY - 10); // cycle 11: due in 1 day, due soon
    add('B', 3, TODAY - 12, TODAY - 6); // as 'b': the key decides
    const list = await tracked.finish();

    expect(list.slice(0).map((row) => [row.patientKey, row.daysUntil, row.status])).toEqual([
      ['c', -10, 'overdue'],
      ['b', -3, 'overdue'],
      ['B', -3, 'overdue'],
      ['d', 0, 'due_soon'],
      ['e', 1, 'due_soon'],
      ['a', 20, 'upcoming'],
    ]);
    expect([list.length, list.overdue, list.dueSoon, list.attention]).toEqual([6, 3, 2, 5]);
    // (10 + 6 + 30 + 6 + 11 + 6) days over (1 + 2 + 1 + 1 + 1 + 2) gaps.
    expect(list.meanGap).toBeCloseTo(69 / 8);
    expect(list.slice(2, 4).map((row) => row.patientKey)).toEqual(['B', 'd']);
    expect(list.slice(5, 99).map((row) => row.patientKey)).toEqual(['a']);
    const [first] = list.slice(0, 1);
    expect(first).toMatchObject({ orders: 2, avgCycle: 10, predictedDay: TODAY - 10 });
    expect(first!.categories).toEqual(['CPAP', 'Urology']);
  });

  it('answers an empty period with an empty list and no mean gap', async () => {
    const list = await createTrackedPatients(TODAY).finish();
    expect([list.length, list.attention, list.meanGap, list.slice(0)]).toEqual([0, 0, null, []]);
  });

  it('lets the event loop turn while it sorts many patients', async () => {
    const tracked = createTrackedPatients(TODAY);
    for (let index = 0; index < 100_000; index += 1) {
      const lastDay = TODAY - (index % 40);
      tracked.add({
        patientKey: `P${(index * 7919) % 100_000}`,
        orders: 2,
        firstDay: lastDay - 10 - (index % 50),
        lastDay,
        categories: [`C${index % 3}`],
      });
    }
    const { result, turns } = await turnsDuring(() => tracked.finish());
    expect(result.length).toBe(100_000);
    expect(turns).toBeGreaterThan(2);
    const days = result.slice(0).map((row) => row.daysUntil);
    expect(days.every((day, index) => index === 0 || days[index - 1]! <= day)).toBe(true);
  });
});
