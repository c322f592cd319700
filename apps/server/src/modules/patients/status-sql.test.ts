import { describe, expect, it } from 'vitest';
import {
  ORDER_PHASES,
  ORDER_VIEWS,
  SUB_STATUSES,
  isPastOrder,
  matchesSubStatus,
  matchesView,
} from '@portal/domain/order-progress';
import {
  INTAKE_STATUSES,
  IN_PROGRESS_STATUSES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
  statusGroupOf,
} from '@portal/domain/order-status';
import { testDialects, useMigratedDatabase } from '../../test/databases';
import { insertOrders } from '../../test/erp-fixtures';
import { listOrders, orderCounts } from './repository';

/**
 * The SQL forms of the status groups and view filters must agree with the domain's
 * functions on every status the spec names, and on the edge cases around them.
 */
const STATUSES = [
  ...SHIPPED_STATUSES,
  ...PENDING_DOCUMENT_STATUSES,
  ...IN_PROGRESS_STATUSES,
  ...INTAKE_STATUSES,
  'RCM - Billing',
  'SOS - Sold',
  'RCM Billing',
  // The domain compares statuses exactly: another case is another status.
  'rcm - billing',
  '44 - pending pod',
  '31 - AWAITING CMN (RX)',
  '99 - Something New',
  '31 - Awaiting CMN (RX) ',
  '',
  null,
];
const DELIVERIES: {
  delivery_status: string | null;
  delivery_date: string | null;
  tracking_number?: string | null;
}[] = [
  { delivery_status: null, delivery_date: null },
  { delivery_status: 'Shipped', delivery_date: null },
  { delivery_status: ' delivered ', delivery_date: null },
  { delivery_status: null, delivery_date: '2025-02-01' },
  { delivery_status: null, delivery_date: '' },
  { delivery_status: 'Shipped', delivery_date: null, tracking_number: '1Z999AA10123456784' },
  { delivery_status: null, delivery_date: null, tracking_number: ' no tracking ' },
  { delivery_status: null, delivery_date: null, tracking_number: ' ' },
];

const ORDERS = STATUSES.flatMap((status, s) =>
  DELIVERIES.map((delivery, d) => ({
    order_id: `S${String(s).padStart(3, '0')}-${d}`,
    patient_key: 'P',
    status,
    ...delivery,
    date_created: s * 10 + d,
  })),
);

describe.each(testDialects())('status rules in SQL agree with the domain [%s]', (dialect) => {
  const database = useMigratedDatabase(dialect, async (db) => {
    await insertOrders(db, ORDERS);
  });

  const ids = (orders: { order_id: string }[]) => orders.map((order) => order.order_id).sort();
  const page = { page: 1, perPage: 10_000, patientKey: 'P', classificationKeys: [] };

  it.each(ORDER_VIEWS)('view %s keeps exactly the orders matchesView keeps', async (view) => {
    const rows = await listOrders(database().db, { ...page, view });
    expect(ids(rows)).toEqual(ids(ORDERS.filter((order) => matchesView(order, view))));
  });

  it.each(ORDER_PHASES)(
    'phase %s keeps exactly the orders isPastOrder puts there',
    async (phase) => {
      const rows = await listOrders(database().db, { ...page, phase });
      const past = phase === 'past';
      expect(ids(rows)).toEqual(ids(ORDERS.filter((order) => isPastOrder(order) === past)));
    },
  );

  it('every sub-status of every view keeps exactly what matchesSubStatus keeps', async () => {
    for (const view of ORDER_VIEWS) {
      for (const subStatus of SUB_STATUSES[view]) {
        const rows = await listOrders(database().db, { ...page, view, subStatus });
        const expected = ORDERS.filter(
          (order) => matchesView(order, view) && matchesSubStatus(order, subStatus),
        );
        expect(ids(rows), `${view} / ${subStatus}`).toEqual(ids(expected));
      }
    }
  });

  it('counts each group as statusGroupOf groups', async () => {
    const counts = await orderCounts(database().db, { patientKeys: ['P'], userId: 1 });
    const group = (name: string) =>
      ORDERS.filter((order) => statusGroupOf(order.status?.trim()) === name);
    expect(counts.get('P')).toEqual({
      order_count: ORDERS.length,
      in_progress_count: group('in_progress').length,
      shipped_count: group('shipped').length,
      pending_docs_count: group('pending_documents').length,
    });
  });
});
