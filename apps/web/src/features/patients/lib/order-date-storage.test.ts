import { describe, expect, it } from 'vitest';
import {
  allDates,
  changeDate,
  defaultDates,
  readOrderDates,
  writeOrderDates,
} from './order-date-storage';

const memoryStore = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (key: string) => values.get(key) ?? null,
    set: (key: string, value: string) => void values.set(key, value),
    remove: (key: string) => void values.delete(key),
  };
};

const today = new Date('2026-03-15T10:00:00Z');
const lastThirty = { startDate: '2026-02-13', endDate: '2026-03-15' };

describe('order date filter storage (cm_dateType, cm_startDate, cm_endDate)', () => {
  it('starts on created dates over the last 30 days', () => {
    expect(readOrderDates(memoryStore(), today)).toEqual({ type: 'created', ...lastThirty });
  });

  it('reads back a saved type and range, empty ends open', () => {
    const store = memoryStore({
      cm_dateType: 'delivered',
      cm_startDate: '2025-01-01',
      cm_endDate: '',
    });
    expect(readOrderDates(store, today)).toEqual({
      type: 'delivered',
      startDate: '2025-01-01',
      endDate: '',
    });
    const all = memoryStore({ cm_startDate: '', cm_endDate: '' });
    expect(readOrderDates(all, today)).toEqual({ type: 'created', startDate: '', endDate: '' });
  });

  it('falls back to the default for an unknown type, a broken date or a reversed range', () => {
    expect(readOrderDates(memoryStore({ cm_dateType: 'shipped' }), today).type).toBe('created');
    const broken = memoryStore({ cm_startDate: '2025-02-30', cm_endDate: '' });
    expect(readOrderDates(broken, today)).toEqual({
      type: 'created',
      startDate: lastThirty.startDate,
      endDate: '',
    });
    const reversed = memoryStore({ cm_startDate: '2025-03-02', cm_endDate: '2025-03-01' });
    expect(readOrderDates(reversed, today)).toEqual({ type: 'created', ...lastThirty });
  });

  it('saves the default range as no dates, so it moves with the calendar', () => {
    const store = memoryStore({ cm_startDate: '2025-01-01', cm_endDate: '2025-01-31' });
    writeOrderDates(store, { type: 'delivered', ...lastThirty }, today);
    expect(Object.fromEntries(store.values)).toEqual({ cm_dateType: 'delivered' });
    const later = new Date('2026-04-20T10:00:00Z');
    expect(readOrderDates(store, later)).toEqual({
      type: 'delivered',
      startDate: '2026-03-21',
      endDate: '2026-04-20',
    });
  });

  it('saves any other range as it is, All dates as two empty dates', () => {
    const store = memoryStore();
    const filter = { type: 'created' as const, ...lastThirty };
    writeOrderDates(store, allDates(filter), today);
    expect(Object.fromEntries(store.values)).toEqual({
      cm_dateType: 'created',
      cm_startDate: '',
      cm_endDate: '',
    });
    writeOrderDates(store, changeDate(filter, 'startDate', '2026-01-01'), today);
    expect(store.values.get('cm_startDate')).toBe('2026-01-01');
    expect(store.values.get('cm_endDate')).toBe('2026-03-15');
    expect(defaultDates(allDates(filter), today)).toEqual(filter);
  });

  it('never lets a range end before it starts, and leaves a half-typed date open', () => {
    const filter = { type: 'created' as const, startDate: '2026-01-10', endDate: '2026-01-20' };
    expect(changeDate(filter, 'startDate', '2026-02-01')).toEqual({
      ...filter,
      startDate: '2026-02-01',
      endDate: '2026-02-01',
    });
    expect(changeDate(filter, 'endDate', '2026-01-01')).toEqual({
      ...filter,
      startDate: '2026-01-01',
      endDate: '2026-01-01',
    });
    expect(changeDate(filter, 'endDate', '')).toEqual({ ...filter, endDate: '' });
    expect(changeDate(filter, 'startDate', '2026-02-3')).toEqual({ ...filter, startDate: '' });
  });
});
