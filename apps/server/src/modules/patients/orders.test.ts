import { describe, expect, it } from 'vitest';
import type { TOrderItem, TOrderListResponse } from '@portal/domain/patients-api';
import { testDialects } from '../../test/databases';
import { listAuditEntries } from '../audit/repository';
import { useScenario } from './test-scenario';

type TRequest = ReturnType<typeof useScenario>['request'];
const ORDERS_A1 = '/api/patients/payor/PAY-A/patient/PA-1/orders';

describe.each(testDialects())('orders and items [%s]', (dialect) => {
  const { portal, request, ids } = useScenario(dialect);

  const orders = async (query = '', user: Parameters<TRequest>[0] = 'caseManagerA') =>
    (await request(user, `${ORDERS_A1}${query}`)).json<TOrderListResponse>();
  const soNumbers = (body: TOrderListResponse) => body.orders.map((order) => order.order_id);

  it('lists a patient’s orders newest first, with the doctor and the spec’s fields', async () => {
    const body = await orders();
    expect(soNumbers(body)).toEqual(['O7', 'O6', 'O5', 'O4', 'O3', 'O2', 'O1']);
    expect(body).toMatchObject({
      success: true,
      current_page: 1,
      pages: 1,
      total: 7,
      per_page: 50,
    });
    expect(body.orders.find((order) => order.order_id === 'O4')).toEqual({
      order_id: 'O4',
      so_number: 'SO-O4',
      date_created: '2025-01-04T12:00:00.000Z',
      status: 'RCM - Billing',
      delivery_status: 'Delivered',
      delivery_date: '2025-01-08',
      tracking_number: '1Z999AA10123456784',
      carrier: 'ups',
      intake_status: null,
      so_classification_key: 'CL-RESP',
      so_classification_name: 'Respiratory',
      doctor: {
        full_name: 'Gregory House',
        first_name: 'Gregory',
        last_name: 'House',
        NPI: '1234567890',
        phone: '5551234567',
        DOCTORSTREET: '1 Main St',
        DOCTORSUITE: 'Suite 4',
        DOCTORCITY: 'Princeton',
        DOCTORSTATE: 'NJ',
        DOCTORZIP: '08540',
      },
      // Issue 30: plain words for staff; no status history in this scenario.
      status_label: 'Shipped, in billing',
      status_since: null,
      ship_date: null,
    });
  });

  it('pages the orders', async () => {
    const body = await orders('?page=2&per_page=3');
    expect(soNumbers(body)).toEqual(['O4', 'O3', 'O2']);
    expect(body).toMatchObject({ current_page: 2, pages: 3, total: 7, per_page: 3 });
  });

  it('filters by the four views and their sub-statuses', async () => {
    expect(soNumbers(await orders('?view=action_items'))).toEqual(['O2', 'O1']);
    expect(soNumbers(await orders('?view=in_progress'))).toEqual(['O3']);
    expect(soNumbers(await orders('?view=shipped'))).toEqual(['O6', 'O5', 'O4']);
    expect((await orders('?view=all')).total).toBe(7);
    const awaitingPar = encodeURIComponent('33 - Awaiting PAR');
    expect(soNumbers(await orders(`?view=action_items&sub_status=${awaitingPar}`))).toEqual(['O2']);
    // A Pending POD sub-status matches every pending-POD status.
    const pendingPod = encodeURIComponent('44 - Pending POD');
    expect(soNumbers(await orders(`?view=shipped&sub_status=${pendingPod}`))).toEqual(['O6', 'O5']);
  });

  it('counts every view in the same answer, each count the total its view lists', async () => {
    const counts = { all: 7, in_progress: 1, action_items: 2, shipped: 3 };
    for (const view of ['all', 'in_progress', 'action_items', 'shipped'] as const) {
      const body = await orders(`?view=${view}&per_page=2`);
      expect(body.view_counts).toEqual(counts);
      expect(body.total).toBe(counts[view]);
    }
    // A sub-status narrows the list, not the views' counts.
    const awaitingPar = encodeURIComponent('33 - Awaiting PAR');
    const narrowed = await orders(`?view=action_items&sub_status=${awaitingPar}`);
    expect(narrowed.total).toBe(1);
    expect(narrowed.view_counts).toEqual(counts);
  });

  it('answers another payor’s patient 404 and audits the refusal, counts included', async () => {
    const response = await request('caseManagerA', '/api/patients/payor/PAY-A/patient/PB-1/orders');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('view_counts');
    const [entry] = await listAuditEntries(portal().database.db, {
      userId: ids().caseManagerA,
      action: 'order_list',
      outcome: 'denied',
      limit: 1,
    });
    expect(entry?.patient_key).toBe('PB-1');
  });

  it('refuses a sub-status outside the view and an unknown view', async () => {
    const pendingPod = encodeURIComponent('44 - Pending POD');
    const wrong = await request(
      'caseManagerA',
      `${ORDERS_A1}?view=action_items&sub_status=${pendingPod}`,
    );
    expect(wrong.statusCode).toBe(400);
    expect((await request('caseManagerA', `${ORDERS_A1}?view=later`)).statusCode).toBe(400);
  });

  it('shows only the orders of the classifications the user enabled', async () => {
    await portal()
      .database.db.insertInto('user_preferences')
      .values({ user_id: ids().admin, kind: 'so_classification', value: 'CL-DIAB', created_at: 1 })
      .execute();
    const narrowed = await orders('', 'admin');
    expect(soNumbers(narrowed)).toEqual(['O5', 'O2']);
    expect(narrowed.view_counts).toEqual({ all: 2, in_progress: 0, action_items: 1, shipped: 1 });
  });

  it('keeps orders within the payor and the patient, and audits each read', async () => {
    expect((await request('caseManagerB', ORDERS_A1)).statusCode).toBe(403);
    expect(
      (await request('caseManagerA', '/api/patients/payor/PAY-A/patient/PB-1/orders')).statusCode,
    ).toBe(404);
    expect((await request('patient', ORDERS_A1)).statusCode).toBe(200);
    expect(
      (await request('patient', '/api/patients/payor/PAY-A/patient/PA-2/orders')).statusCode,
    ).toBe(404);
    const [entry] = await listAuditEntries(portal().database.db, {
      userId: ids().patient,
      action: 'order_list',
      outcome: 'allowed',
      limit: 1,
    });
    expect(entry?.patient_key).toBe('PA-1');
  });

  it('returns an order’s items to whoever may see its patient, 404 to anyone else', async () => {
    const response = await request('caseManagerA', '/api/patients/orders/SO-O4/items');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: TOrderItem[] }>();
    expect(items.map((item) => [item.item_name, item.hcpcs_code, item.quantity])).toEqual([
      ['CPAP machine', 'E0601', 1],
      ['Mask', 'A7034', 2],
    ]);
    expect((await request('caseManagerA', '/api/patients/orders/SO-OB1/items')).statusCode).toBe(
      404,
    );
    expect((await request('caseManagerB', '/api/patients/orders/SO-O4/items')).statusCode).toBe(
      404,
    );
    expect((await request('patient', '/api/patients/orders/SO-O4/items')).statusCode).toBe(200);
    expect((await request('patient', '/api/patients/orders/SO-O8/items')).statusCode).toBe(404);
    expect((await request('caseManagerA', '/api/patients/orders/SO-NONE/items')).statusCode).toBe(
      404,
    );
    const empty = await request('caseManagerA', '/api/patients/orders/SO-O1/items');
    expect(empty.json()).toEqual({ success: true, items: [] });
    const [entry] = await listAuditEntries(portal().database.db, {
      userId: ids().caseManagerA,
      action: 'order_items_view',
      limit: 1,
    });
    expect(entry).toMatchObject({
      patient_key: 'PA-1',
      detail: JSON.stringify({ so_number: 'SO-O1' }),
    });
  });
});
