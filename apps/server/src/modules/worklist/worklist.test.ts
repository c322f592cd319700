import { describe, expect, it } from 'vitest';
import type { TWorklistResponse } from '@portal/domain/worklist-api';
import { testDialects } from '../../test/databases';
import { numberedOrderIds, planWorklistSearch } from './search-sql';
import { useWorklistScenario } from './test-scenario';

type TUser = Parameters<ReturnType<typeof useWorklistScenario>['request']>[0];
const LIST_A = '/api/worklist/payor/PAY-A/orders';

describe.each(testDialects())('the worklist [%s]', (dialect) => {
  const { portal, request } = useWorklistScenario(dialect);

  const list = async (query = '', user: TUser = 'caseManagerA', payor = 'PAY-A') => {
    const response = await request(user, `/api/worklist/payor/${payor}/orders${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TWorklistResponse>();
  };
  const ids = (body: TWorklistResponse) => body.orders.map((order) => order.order_id);

  it('lists Action Items by default, the longest waiting first, with each view’s count', async () => {
    const body = await list();
    expect(ids(body)).toEqual(['W4', 'O1', 'W1', 'O2', 'W5', 'W2', 'W3']);
    expect(body).toMatchObject({ success: true, current_page: 1, pages: 1, total: 7 });
    expect(body.per_page).toBe(25);
    expect(body.view_counts).toEqual({ all: 13, action_items: 7, in_progress: 2, shipped: 3 });
    expect(body.orders[0]).toEqual({
      order_id: 'W4',
      so_number: 'SO-W4',
      date_created: '2025-01-13T12:00:00.000Z',
      status: '34 - Awaiting SCA/LOA',
      status_label: 'Waiting for SCA/LOA from the payer',
      intake_status: '@SUM(A1)',
      status_since: '2024-12-01T11:00:00.000Z',
      days_in_status: 62,
      tracking_number: null,
      carrier: null,
      delivery_status: null,
      delivery_date: null,
      so_classification_key: 'CL-RESP',
      so_classification_name: 'Respiratory',
      patient: {
        patient_key: 'PA-6',
        patient_id: 'P3002',
        first_name: 'Tom',
        last_name: 'Mcneil',
        dob: null,
      },
    });
    expect(body.orders.at(-1)).toMatchObject({ status_since: null, days_in_status: null });
  });

  it('sorts by each key in each direction', async () => {
    const sorted = async (query: string) => ids(await list(`?per_page=100&${query}`));
    expect(await sorted('sort=age&dir=asc')).toEqual(['W3', 'W2', 'W5', 'O2', 'W1', 'O1', 'W4']);
    expect(await sorted('sort=date')).toEqual(['W5', 'W4', 'W3', 'W2', 'W1', 'O2', 'O1']);
    expect(await sorted('sort=date&dir=asc')).toEqual(['O1', 'O2', 'W1', 'W2', 'W3', 'W4', 'W5']);
    const byPatient = ['W2', 'W1', 'W5', 'W4', 'O1', 'O2', 'W3'];
    expect(await sorted('sort=patient')).toEqual(byPatient);
    expect(await sorted('sort=patient&dir=desc')).toEqual([...byPatient].reverse());
  });

  it('pages from either end of the list with the same order and totals', async () => {
    const all = ids(await list('?per_page=100&sort=date'));
    const pages = [];
    for (let page = 1; page <= 3; page += 1) {
      const body = await list(`?per_page=3&page=${page}&sort=date`);
      expect(body).toMatchObject({ current_page: page, pages: 3, total: 7, per_page: 3 });
      pages.push(...ids(body));
    }
    expect(pages).toEqual(all);
    expect(ids(await list('?per_page=3&page=3&sort=date'))).toEqual(['O1']);
    expect(ids(await list('?per_page=2&page=3'))).toEqual(['W5', 'W2']);
    expect(ids(await list('?per_page=3&page=4'))).toEqual([]);
    const everything = await list('?view=all&per_page=5&page=3&sort=date&dir=asc');
    expect(everything).toMatchObject({ total: 13, pages: 3 });
    expect(ids(everything)).toEqual(['W3', 'W4', 'W5']);
  });

  it('filters by view, sub-status, category and days in status', async () => {
    expect(ids(await list('?view=in_progress&sort=date'))).toEqual(['O8', 'O3']);
    expect(ids(await list('?view=shipped&sort=date'))).toEqual(['O6', 'O5', 'O4']);
    const sca = encodeURIComponent('34 - Awaiting SCA/LOA');
    const sub = await list(`?sub_status=${sca}`);
    expect(ids(sub)).toEqual(['W4', 'W1']);
    // A sub-status narrows the list, not the views' counts.
    expect(sub).toMatchObject({ total: 2, view_counts: { action_items: 7, all: 13 } });
    const respiratory = await list('?categories=CL-RESP');
    expect(ids(respiratory)).toEqual(['W4', 'O1', 'W1', 'W3']);
    expect(respiratory.view_counts).toEqual({
      all: 8,
      action_items: 4,
      in_progress: 2,
      shipped: 2,
    });
    expect(ids(await list('?categories=CL-RESP,CL-DIAB&sort=date&dir=asc'))).toEqual([
      'O1',
      'O2',
      'W1',
      'W2',
      'W3',
      'W4',
    ]);
    const waiting = await list('?min_days=20');
    expect(ids(waiting)).toEqual(['W4', 'O1', 'W1']);
    expect(waiting.view_counts).toMatchObject({ action_items: 3, all: 3 });
    expect(ids(await list('?min_days=21'))).toEqual(['W4', 'O1']);
    expect(ids(await list('?min_days=20&categories=CL-DIAB'))).toEqual([]);
  });

  it('finds orders by name, patient ID, date of birth, phone, SO and tracking number', async () => {
    const found = async (search: string, view = 'all') =>
      ids(await list(`?view=${view}&sort=date&dir=asc&search=${encodeURIComponent(search)}`));
    const jane = ['O1', 'O2', 'O3', 'O4', 'O5', 'O6', 'O7'];
    // W2 by its tracking number; W3 by its patient's name and its tracking number, once.
    expect(await found('smith')).toEqual([...jane, 'O8', 'W2', 'W3']);
    expect(await found('Jane Smith')).toEqual(jane);
    expect(await found('Smith, Jane')).toEqual(jane);
    expect(await found('ali')).toEqual(['W1', 'W5']);
    expect(await found('p2001')).toEqual(['W1', 'W5']);
    expect(await found('P200')).toEqual(['W1', 'W2', 'W5']);
    expect(await found('02/03/1980')).toEqual(jane);
    expect(await found('1980-02-03')).toEqual(jane);
    expect(await found('(555) 111-2222')).toEqual(jane);
    expect(await found('555.111.2222')).toEqual(jane);
    expect(await found('so-w4')).toEqual(['W4']);
    expect(await found('SO-O3')).toEqual(['O3']);
    expect(await found('1z999aa10123456784')).toEqual(['O4']);
    // Within the view, and counted per view.
    const searched = await list(`?search=smith`);
    expect(ids(searched)).toEqual(['O1', 'O2', 'W2', 'W3']);
    expect(searched.view_counts).toEqual({ all: 10, action_items: 4, in_progress: 2, shipped: 3 });
    // With a sub-status, a category, an age and the patient sort (Smithers, Smith, Adams).
    const cmn = encodeURIComponent('31 - Awaiting CMN (RX)');
    const narrowed = await list(`?search=smith&sub_status=${cmn}&sort=patient`);
    expect(ids(narrowed)).toEqual(['W2', 'O1']);
    expect(narrowed.total).toBe(2);
    expect(ids(await list('?search=smith&categories=CL-RESP&min_days=20'))).toEqual(['O1']);
    const byPatient = await list('?search=smith&sort=patient&dir=desc&per_page=2&page=2');
    expect(ids(byPatient)).toEqual(['O1', 'W2']);
    // A number too many orders carry is refused with a message, not looked up by key.
    const { db } = portal().database;
    const plan = planWorklistSearch('SMITH');
    const named = { dialect, payorKey: 'PAY-A', search: plan };
    expect((await numberedOrderIds(db, { ...named, limit: 2 }))?.sort()).toEqual(['W2', 'W3']);
    expect(await numberedOrderIds(db, { ...named, limit: 1 })).toBeUndefined();
    expect(await numberedOrderIds(db, { ...named, payorKey: 'PAY-B' })).toEqual([]);
    // Another payor's order and patients are never found.
    expect(await found('SO-OB1')).toEqual([]);
    expect(await found('Smithson')).toEqual([]);
    expect(await found('nobody')).toEqual([]);
  });

  it('keeps staff to their own payor; admins name any', async () => {
    expect((await request('caseManagerB', LIST_A)).statusCode).toBe(403);
    expect((await request('noPayor', LIST_A)).statusCode).toBe(403);
    expect((await request('patient', LIST_A)).statusCode).toBe(403);
    const own = await list('', 'caseManagerB', 'PAY-B');
    expect(ids(own)).toEqual(['OB1']);
    expect(own.orders[0]?.days_in_status).toBe(40);
    expect(ids(await list('', 'admin', 'PAY-B'))).toEqual(['OB1']);
    expect((await list('', 'admin')).total).toBe(7);
    expect((await list('', 'customerServiceA')).total).toBe(7);
    expect((await request('caseManagerA', LIST_A)).headers['cache-control']).toBe('no-store');
  });

  it('answers bad input with 400 and a message', async () => {
    const bad = async (query: string) => {
      const response = await request('caseManagerA', `${LIST_A}${query}`);
      expect(response.statusCode, query).toBe(400);
      return response.json<{ success: false; error: string }>();
    };
    const notInView = await bad(
      `?view=shipped&sub_status=${encodeURIComponent('33 - Awaiting PAR')}`,
    );
    expect(notInView.error).toBe('sub_status: not a status of this view');
    for (const query of [
      '?sort=name',
      '?dir=up',
      '?view=mine',
      '?page=0',
      '?per_page=500',
      '?min_days=-1',
      '?min_days=x',
    ]) {
      expect((await bad(query)).success).toBe(false);
    }
  });
});
