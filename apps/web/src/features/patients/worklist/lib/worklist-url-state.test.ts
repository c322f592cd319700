import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORKLIST_STATE,
  hasFilters,
  readWorklistState,
  withFilters,
  withSort,
  withoutFilters,
  writeWorklistState,
} from './worklist-url-state';

const read = (query: string) => readWorklistState(new URLSearchParams(query));

describe('readWorklistState', () => {
  it('reads a plain /worklist as Action Items, the longest waiting first, page 1', () => {
    expect(read('')).toEqual(DEFAULT_WORKLIST_STATE);
    expect(read('').view).toBe('action_items');
    expect(read('').sort).toBe('age');
    expect(read('').dir).toBe('desc');
  });

  it('reads every filter, the sort, the page and the open order', () => {
    expect(
      read(
        'payor=PAY-1&view=all&sub_status=33+-+Awaiting+PAR&categories=WOUND,PUMP&min_days=7' +
          '&search=+555-0143+&sort=patient&dir=desc&page=3&order=SO1002999',
      ),
    ).toEqual({
      payor: 'PAY-1',
      view: 'all',
      subStatus: '33 - Awaiting PAR',
      categories: ['WOUND', 'PUMP'],
      minDays: 7,
      search: '555-0143',
      sort: 'patient',
      dir: 'desc',
      page: 3,
      order: 'SO1002999',
    });
  });

  it('gives each sort its own direction when the link names none', () => {
    expect(read('sort=patient').dir).toBe('asc');
    expect(read('sort=date').dir).toBe('desc');
  });

  it('falls back to the defaults for values it cannot use', () => {
    expect(
      read(
        'view=everything&sort=price&dir=up&page=0&min_days=-3&order=SO%201%3Cb%3E&payor=a%20b' +
          '&categories=WOUND,,bad%20key,WOUND',
      ),
    ).toEqual({ ...DEFAULT_WORKLIST_STATE, categories: ['WOUND'] });
    expect(read('page=2.5').page).toBe(1);
    expect(read('min_days=99999').minDays).toBeUndefined();
  });

  it('drops a sub-status the view does not list', () => {
    expect(read('view=shipped&sub_status=33+-+Awaiting+PAR').subStatus).toBe('');
  });
});

describe('writeWorklistState', () => {
  it('writes nothing for the defaults, so /worklist stays plain', () => {
    expect(writeWorklistState(DEFAULT_WORKLIST_STATE).toString()).toBe('');
  });

  it('writes what differs, and reads back the same state', () => {
    const state = {
      ...DEFAULT_WORKLIST_STATE,
      view: 'in_progress' as const,
      categories: ['WOUND', 'PUMP'],
      minDays: 14,
      search: 'Adams',
      sort: 'date' as const,
      dir: 'asc' as const,
      page: 2,
      order: 'SO1',
    };
    const params = writeWorklistState(state);
    expect(params.toString()).toBe(
      'view=in_progress&categories=WOUND%2CPUMP&min_days=14&search=Adams&sort=date&dir=asc&page=2&order=SO1',
    );
    expect(readWorklistState(params)).toEqual(state);
  });

  it('leaves out a direction that is the sort’s own', () => {
    const state = { ...DEFAULT_WORKLIST_STATE, sort: 'patient' as const, dir: 'asc' as const };
    expect(writeWorklistState(state).toString()).toBe('sort=patient');
  });
});

describe('state changes', () => {
  it('starts a filter change on page 1 and drops a sub-status the new view lacks', () => {
    const state = {
      ...read('view=action_items&sub_status=33+-+Awaiting+PAR&page=4'),
      order: 'SO1',
    };
    const next = withFilters(state, { view: 'shipped' });
    expect(next).toMatchObject({ view: 'shipped', subStatus: '', page: 1, order: 'SO1' });
    expect(withFilters(state, { minDays: 7 })).toMatchObject({
      subStatus: '33 - Awaiting PAR',
      minDays: 7,
      page: 1,
    });
  });

  it('closes the open order when the payor changes', () => {
    const state = { ...DEFAULT_WORKLIST_STATE, payor: 'A', order: 'SO1' };
    expect(withFilters(state, { payor: 'B' }).order).toBeUndefined();
  });

  it('turns the sorted column around and starts another in its own direction', () => {
    const byAge = { ...DEFAULT_WORKLIST_STATE, page: 3 };
    expect(withSort(byAge, 'age')).toMatchObject({ sort: 'age', dir: 'asc', page: 1 });
    expect(withSort(byAge, 'patient')).toMatchObject({ sort: 'patient', dir: 'asc' });
    expect(withSort(withSort(byAge, 'patient'), 'patient').dir).toBe('desc');
  });

  it('clears the filters but keeps the view, sort and payor', () => {
    const state = read(
      'payor=P&view=all&sub_status=33+-+Awaiting+PAR&min_days=3&search=x&sort=date',
    );
    expect(hasFilters(state)).toBe(true);
    const cleared = withoutFilters(state);
    expect(hasFilters(cleared)).toBe(false);
    expect(cleared).toMatchObject({ payor: 'P', view: 'all', sort: 'date' });
  });
});
