import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_VIEW } from '@portal/domain/order-progress';
import {
  changeSubStatus,
  changeView,
  readOrderFilter,
  writeOrderFilter,
} from './order-filter-storage';

const memoryStore = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (key: string) => values.get(key) ?? null,
    set: (key: string, value: string) => void values.set(key, value),
    remove: (key: string) => void values.delete(key),
  };
};

describe('order filter storage (cm_status, cm_subStatus)', () => {
  it('starts on Action Items without a sub-status', () => {
    expect(readOrderFilter(memoryStore())).toEqual({ view: DEFAULT_ORDER_VIEW, subStatus: '' });
    expect(DEFAULT_ORDER_VIEW).toBe('action_items');
  });

  it('reads back a valid view and a sub-status of that view', () => {
    const store = memoryStore({ cm_status: 'shipped', cm_subStatus: '44 - Pending POD' });
    expect(readOrderFilter(store)).toEqual({ view: 'shipped', subStatus: '44 - Pending POD' });
  });

  it('drops an unknown view and a sub-status outside the view', () => {
    expect(readOrderFilter(memoryStore({ cm_status: 'everything' })).view).toBe('action_items');
    const store = memoryStore({ cm_status: 'action_items', cm_subStatus: '44 - Pending POD' });
    expect(readOrderFilter(store)).toEqual({ view: 'action_items', subStatus: '' });
  });

  it('writes both keys and removes an empty sub-status', () => {
    const store = memoryStore();
    writeOrderFilter(store, { view: 'in_progress', subStatus: '40 - Ready To Ship' });
    expect(Object.fromEntries(store.values)).toEqual({
      cm_status: 'in_progress',
      cm_subStatus: '40 - Ready To Ship',
    });
    writeOrderFilter(store, { view: 'all', subStatus: '' });
    expect(Object.fromEntries(store.values)).toEqual({ cm_status: 'all' });
  });

  it('clears the sub-status when the view changes and refuses one of another view', () => {
    expect(changeView('shipped')).toEqual({ view: 'shipped', subStatus: '' });
    const filter = { view: 'action_items' as const, subStatus: '' };
    expect(changeSubStatus(filter, '33 - Awaiting PAR').subStatus).toBe('33 - Awaiting PAR');
    expect(changeSubStatus(filter, '40 - Ready To Ship')).toBe(filter);
  });
});
