import { describe, expect, it } from 'vitest';
import type { TOrderListResponse } from '@portal/domain/patients-api';
import { testDialects } from '../../test/databases';
import { insertOrders } from '../../test/erp-fixtures';
import { listAuditEntries } from '../audit/repository';
import { useScenario } from './test-scenario';

/**
 * The orders call's date range (date_type, start_date, end_date) and phase. PA-1's orders
 * O1..O7 were created on 2025-01-01..07 at noon UTC; only O4 is delivered (2025-01-08).
 */
const ORDERS_A1 = '/api/patients/payor/PAY-A/patient/PA-1/orders';
const ORDERS_A3 = '/api/patients/payor/PAY-A/patient/PA-3/orders';

describe.each(testDialects())('order dates and phases [%s]', (dialect) => {
  const { portal, request, ids } = useScenario(dialect);

  const get = (url: string) => request('caseManagerA', url);
  const orders = async (url: string) => (await get(url)).json<TOrderListResponse>();
  const listed = async (url: string) => (await orders(url)).orders.map((order) => order.order_id);

  it('keeps the orders created within the range, both days included, and counts by it', async () => {
    const response = await get(`${ORDERS_A1}?start_date=2025-01-03&end_date=2025-01-05`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<TOrderListResponse>();
    expect(body.orders.map((order) => order.order_id)).toEqual(['O5', 'O4', 'O3']);
    expect(body.total).toBe(3);
    expect(body.view_counts).toEqual({ all: 3, in_progress: 1, action_items: 0, shipped: 2 });
    expect(body.all_dates_counts).toEqual({ all: 7, in_progress: 1, action_items: 2, shipped: 3 });
    // Either end may stay open.
    expect(await listed(`${ORDERS_A1}?start_date=2025-01-06`)).toEqual(['O7', 'O6']);
    expect(await listed(`${ORDERS_A1}?end_date=2025-01-02`)).toEqual(['O2', 'O1']);
    // Without a range both counts agree.
    const all = await orders(ORDERS_A1);
    expect(all.all_dates_counts).toEqual(all.view_counts);
  });

  it('says how many of an empty view’s orders the range leaves out', async () => {
    const body = await orders(`${ORDERS_A1}?view=action_items&start_date=2025-01-03`);
    expect(body.total).toBe(0);
    expect(body.view_counts.action_items).toBe(0);
    expect(body.all_dates_counts.action_items).toBe(2);
  });

  it('places a creation time on its UTC day', async () => {
    await insertOrders(portal().database.db, [
      {
        order_id: 'LATE',
        patient_key: 'PA-3',
        date_created: Date.parse('2025-01-31T23:59:59.999Z'),
      },
      { order_id: 'EARLY', patient_key: 'PA-3', date_created: Date.parse('2025-02-01T00:00:00Z') },
      {
        order_id: 'BLANK',
        patient_key: 'PA-3',
        date_created: Date.parse('2025-02-02T00:00:00Z'),
        delivery_date: '',
      },
    ]);
    expect(await listed(`${ORDERS_A3}?start_date=2025-02-01&end_date=2025-02-01`)).toEqual([
      'EARLY',
    ]);
    expect(await listed(`${ORDERS_A3}?end_date=2025-01-31`)).toEqual(['LATE']);
  });

  it('bounds the delivery date instead when asked, leaving out orders without one', async () => {
    const delivered = (range: string) => listed(`${ORDERS_A1}?date_type=delivered&${range}`);
    expect(await delivered('start_date=2025-01-08&end_date=2025-01-08')).toEqual(['O4']);
    expect(await delivered('start_date=2025-01-09')).toEqual([]);
    expect(await listed(`${ORDERS_A3}?date_type=delivered&end_date=2030-01-01`)).toEqual([]);
    // A date type alone bounds nothing.
    expect((await orders(`${ORDERS_A1}?date_type=delivered`)).total).toBe(7);
  });

  it('answers a bad date or range 400 in plain words', async () => {
    const refused = async (query: string) => {
      const response = await get(`${ORDERS_A1}?${query}`);
      expect(response.statusCode, query).toBe(400);
      return response.json<{ error: string }>().error;
    };
    const badDate = 'Enter a real date as YYYY-MM-DD, for example 2026-01-31';
    expect(await refused('start_date=2025-02-30')).toBe(`start_date: ${badDate}`);
    expect(await refused('end_date=01/31/2025')).toBe(`end_date: ${badDate}`);
    expect(await refused('start_date=')).toBe(`start_date: ${badDate}`);
    expect(await refused('start_date=2025-01-05&end_date=2025-01-04')).toBe(
      'end_date: The end date is before the start date',
    );
    expect(await refused('date_type=shipped')).toBe('date_type: Choose created or delivered');
    expect(await refused('phase=later')).toBe('phase must be one of: active, past');
  });

  it('splits active from past orders', async () => {
    expect(await listed(`${ORDERS_A1}?phase=past`)).toEqual(['O4']);
    expect(await listed(`${ORDERS_A1}?phase=active`)).toEqual(['O7', 'O6', 'O5', 'O3', 'O2', 'O1']);
    // The patient's own screen asks for the same.
    const own = await request('patient', `${ORDERS_A1}?phase=active&per_page=2`);
    expect(own.json<TOrderListResponse>()).toMatchObject({ total: 6, pages: 3 });
  });

  it('records the range and the phase with the audited read', async () => {
    await get(`${ORDERS_A1}?date_type=delivered&start_date=2025-01-01&phase=past`);
    const [entry] = await listAuditEntries(portal().database.db, {
      userId: ids().caseManagerA,
      action: 'order_list',
      limit: 1,
    });
    expect(entry?.patient_key).toBe('PA-1');
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({
      date_type: 'delivered',
      start_date: '2025-01-01',
      end_date: null,
      phase: 'past',
    });
  });
});
