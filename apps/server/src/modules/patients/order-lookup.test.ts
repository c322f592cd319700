import { beforeAll, describe, expect, it } from 'vitest';
import type { TOrderLookupResponse } from '@portal/domain/order-lookup-api';
import type { TOrder, TOrderListResponse } from '@portal/domain/patients-api';
import { testDialects } from '../../test/databases';
import { listAuditEntries } from '../audit/repository';
import { useScenario } from './test-scenario';

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
const isoAt = (iso: string) => new Date(at(iso)).toISOString();
const ORDERS_A1 = '/api/patients/payor/PAY-A/patient/PA-1/orders';

/** O1 left its status and came back to it; O4 shipped (44) before it billed (RCM). */
const HISTORY = [
  ['H1', 'O1', '10 - Intake Incomplete', '2025-01-01', '2025-01-03'],
  ['H2', 'O1', '31 - Awaiting CMN (RX)', '2025-01-03', '2025-01-05'],
  ['H3', 'O1', '20 - Verify Insurance', '2025-01-05', '2025-01-06'],
  ['H4', 'O1', '31 - Awaiting CMN (RX)', '2025-01-06', null],
  ['H5', 'O4', '40 - Ready To Ship', '2025-01-04', '2025-01-05'],
  ['H6', 'O4', '44 - Pending POD', '2025-01-05', '2025-01-07'],
  ['H7', 'O4', 'RCM - Billing', '2025-01-07', null],
  ['H8', 'OB1', '31 - Awaiting CMN (RX)', '2025-01-09', null],
] as const;

describe.each(testDialects())(
  'order lookup, status timing and the categories filter [%s]',
  (dialect) => {
    const { portal, request, ids } = useScenario(dialect);

    beforeAll(async () => {
      await portal()
        .database.db.insertInto('order_status_history')
        .values(
          HISTORY.map(([key, orderId, status, entered, exited]) => ({
            status_history_key: key,
            order_id: orderId,
            status,
            entered_at: at(entered),
            exited_at: exited === null ? null : at(exited),
          })),
        )
        .execute();
    });

    const lookup = (soNumber: string, user: Parameters<typeof request>[0] = 'caseManagerA') =>
      request(user, `/api/patients/orders/${soNumber}`);
    const orders = async (query = '', user: Parameters<typeof request>[0] = 'caseManagerA') => {
      const response = await request(user, `${ORDERS_A1}${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<TOrderListResponse>();
    };
    const byId = (list: TOrder[], id: string) => list.find((order) => order.order_id === id);

    it('gives every listed order its plain-words status, since when and ship date', async () => {
      const body = await orders();
      expect(byId(body.orders, 'O1')).toMatchObject({
        status_label: 'Waiting for the prescription (CMN) from the doctor',
        // The latest entry into its current status, not the first.
        status_since: isoAt('2025-01-06'),
        ship_date: null,
      });
      expect(byId(body.orders, 'O4')).toMatchObject({
        status_label: 'Shipped, in billing',
        status_since: isoAt('2025-01-07'),
        ship_date: isoAt('2025-01-05'),
      });
      // No history, no times; an unknown status has no plain words.
      expect(byId(body.orders, 'O7')).toMatchObject({
        status_label: null,
        status_since: null,
        ship_date: null,
      });
      // A patient reads the same fields of their own orders.
      const own = await orders('', 'patient');
      expect(byId(own.orders, 'O4')?.ship_date).toBe(isoAt('2025-01-05'));
    });

    it('answers an order by SO number with its patient and history, oldest first, days to now while current', async () => {
      const before = Date.now();
      const response = await lookup('SO-O1');
      const after = Date.now();
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<TOrderLookupResponse>();
      expect(body.payor_key).toBe('PAY-A');
      expect(body.patient).toMatchObject({
        patient_key: 'PA-1',
        last_name: 'Smith',
        order_count: 7,
      });
      expect(body.order).toMatchObject({
        order_id: 'O1',
        so_number: 'SO-O1',
        status: '31 - Awaiting CMN (RX)',
        status_since: isoAt('2025-01-06'),
        doctor: { full_name: 'Gregory House' },
      });
      expect(body.history.slice(0, 3)).toEqual([
        {
          status: '10 - Intake Incomplete',
          label: 'Intake missing details',
          entered_at: isoAt('2025-01-01'),
          exited_at: isoAt('2025-01-03'),
          days: 2,
        },
        {
          status: '31 - Awaiting CMN (RX)',
          label: 'Waiting for the prescription (CMN) from the doctor',
          entered_at: isoAt('2025-01-03'),
          exited_at: isoAt('2025-01-05'),
          days: 2,
        },
        {
          status: '20 - Verify Insurance',
          label: 'Insurance being verified',
          entered_at: isoAt('2025-01-05'),
          exited_at: isoAt('2025-01-06'),
          days: 1,
        },
      ]);
      const current = body.history[3];
      expect(current).toMatchObject({ entered_at: isoAt('2025-01-06'), exited_at: null });
      const days = (now: number) => Math.floor((now - at('2025-01-06')) / DAY);
      expect([days(before), days(after)]).toContain(current?.days);
      expect(body.history).toHaveLength(4);
    });

    it('answers an order without history with an empty one', async () => {
      const body = (await lookup('SO-O2')).json<TOrderLookupResponse>();
      expect(body.history).toEqual([]);
      expect(body.order).toMatchObject({ status_since: null, ship_date: null });
    });

    it('answers 404 Order not found for another payor’s order, another patient’s, or none, and audits each', async () => {
      const refused = [
        await lookup('SO-OB1'),
        await lookup('SO-O4', 'caseManagerB'),
        await lookup('SO-O8', 'patient'),
        await lookup('SO-NONE'),
        await lookup('SO-O1', 'noPayor'),
      ];
      for (const response of refused) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ success: false, error: 'Order not found' });
        expect(response.body).not.toContain('Smithson');
      }
      expect((await lookup('SO-O4', 'patient')).statusCode).toBe(200);
      expect((await lookup('SO-OB1', 'admin')).statusCode).toBe(200);
      expect((await lookup('SO-OB1', 'caseManagerB')).statusCode).toBe(200);
      const db = portal().database.db;
      const [denied] = await listAuditEntries(db, {
        userId: ids().caseManagerB,
        action: 'order_view',
        outcome: 'denied',
        limit: 1,
      });
      expect(JSON.parse(denied?.detail ?? '{}')).toMatchObject({ status: 404, so_number: 'SO-O4' });
      const [allowed] = await listAuditEntries(db, {
        userId: ids().patient,
        action: 'order_view',
        outcome: 'allowed',
        limit: 1,
      });
      expect(allowed).toMatchObject({ patient_key: 'PA-1' });
      expect(JSON.parse(allowed?.detail ?? '{}')).toMatchObject({ so_number: 'SO-O4' });
    });

    it('keeps the items route beside it', async () => {
      const items = await request('caseManagerA', '/api/patients/orders/SO-O4/items');
      expect(items.statusCode).toBe(200);
      expect(items.json<{ items: unknown[] }>().items).toHaveLength(2);
    });

    it('narrows the orders and the view counts to the chosen categories', async () => {
      const diabetic = await orders('?categories=CL-DIAB');
      expect(diabetic.orders.map((order) => order.order_id)).toEqual(['O5', 'O2']);
      expect(diabetic.view_counts).toEqual({ all: 2, in_progress: 0, action_items: 1, shipped: 1 });
      const both = await orders('?categories=CL-DIAB,CL-RESP&view=shipped');
      expect(both.orders.map((order) => order.order_id)).toEqual(['O6', 'O5', 'O4']);
      expect((await orders('?categories=')).total).toBe(7);
      expect((await orders('?categories=CL-NONE')).total).toBe(0);
      const bad = await request(
        'caseManagerA',
        `${ORDERS_A1}?categories=${encodeURIComponent('a b')}`,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false });
    });

    it('keeps the categories within the classifications the user enabled', async () => {
      await portal()
        .database.db.insertInto('user_preferences')
        .values({
          user_id: ids().admin,
          kind: 'so_classification',
          value: 'CL-RESP',
          created_at: 1,
        })
        .execute();
      const outside = await orders('?categories=CL-DIAB', 'admin');
      expect(outside.total).toBe(0);
      expect(outside.view_counts.all).toBe(0);
      const inside = await orders('?categories=CL-RESP,CL-DIAB', 'admin');
      expect(inside.orders.map((order) => order.order_id)).toEqual(['O6', 'O4', 'O3', 'O1']);
    });
  },
);
