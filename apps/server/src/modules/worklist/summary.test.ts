import { describe, expect, it } from 'vitest';
import {
  ORDER_VIEWS,
  SUB_STATUSES,
  matchesSubStatus,
  matchesView,
} from '@portal/domain/order-progress';
import { INTAKE_STATUSES, SHIPPED_STATUSES } from '@portal/domain/order-status';
import { testDialects, useMigratedDatabase } from '../../test/databases';
import { insertOrders, insertPatients } from '../../test/erp-fixtures';
import { countViews, listPage, type TWorklistFilter } from './repository';
import { refillWorklist } from './summary';

/**
 * The worklist's view columns (summary.ts) must put every order in exactly the views the
 * domain's matchesView puts it, on every status the spec names and the edge cases around
 * them; and status_since must be the time the order entered its current status.
 */
const STATUSES = [
  ...SUB_STATUSES.all,
  ...INTAKE_STATUSES,
  'RCM - Billing',
  'SOS - Sold',
  'RCM Billing',
  'rcm - billing',
  '44 - pending pod',
  '31 - AWAITING CMN (RX)',
  '99 - Something New',
  '31 - Awaiting CMN (RX) ',
  '',
  null,
];
const DELIVERIES = [
  { delivery_status: null, delivery_date: null },
  { delivery_status: 'Shipped', delivery_date: null },
  { delivery_status: ' delivered ', delivery_date: null },
  { delivery_status: null, delivery_date: '2025-02-01' },
  { delivery_status: null, delivery_date: '' },
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

const T = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;

const history = (
  id: string,
  order: string,
  status: string,
  entered: number | null,
  exited: number | null,
) => ({
  status_history_key: id,
  order_id: order,
  status,
  entered_at: entered,
  exited_at: exited,
});

describe.each(testDialects())('the worklist summary [%s]', (dialect) => {
  const database = useMigratedDatabase(dialect, async (db) => {
    await insertPatients(db, [
      { patient_key: 'P', payor_key: 'PAY', last_name: 'Smith', first_name: 'Jane' },
    ]);
    await insertOrders(db, [
      ...ORDERS,
      { order_id: 'H1', patient_key: 'P', status: '33 - Awaiting PAR' },
      { order_id: 'H2', patient_key: 'P', status: '33 - Awaiting PAR' },
      { order_id: 'H3', patient_key: 'P', status: '40 - Ready To Ship' },
      // No patient: not on the worklist.
      { order_id: 'GONE', patient_key: 'NOBODY', status: '33 - Awaiting PAR' },
    ]);
    await db
      .insertInto('order_status_history')
      .values([
        // The open row of the current status wins over a later closed one.
        history('h1a', 'H1', '33 - Awaiting PAR', T, null),
        history('h1b', 'H1', '33 - Awaiting PAR', T + 5 * DAY, T + 6 * DAY),
        history('h1c', 'H1', '31 - Awaiting CMN (RX)', T + 9 * DAY, null),
        // No open row: the latest closed one of the status.
        history('h2a', 'H2', '33 - Awaiting PAR', T, T + DAY),
        history('h2b', 'H2', '33 - Awaiting PAR ', T + 3 * DAY, T + 4 * DAY),
        history('h2c', 'H2', '33 - Awaiting PAR', null, null),
        // No row of its status: unknown.
        history('h3a', 'H3', '31 - Awaiting CMN (RX)', T, null),
      ])
      .execute();
    await refillWorklist(db);
  });

  const filter = (view: TWorklistFilter['view'], more: Partial<TWorklistFilter> = {}) => ({
    payorKey: 'PAY',
    classifications: null,
    view,
    ...more,
  });
  const all = async (f: TWorklistFilter) =>
    (
      await listPage(database().db, f, {
        sort: 'date',
        dir: 'asc',
        page: 1,
        perPage: 10_000,
        total: 10_000,
      })
    ).map((row) => row.order_id);
  const expected = (keep: (order: (typeof ORDERS)[number]) => boolean) =>
    ORDERS.filter(keep).map((order) => order.order_id);

  it.each(ORDER_VIEWS)('view %s holds exactly the orders matchesView keeps', async (view) => {
    const ids = (await all(filter(view))).filter((id) => id.startsWith('S'));
    expect(ids).toEqual(expected((order) => matchesView(order, view)));
  });

  it('every sub-status of every view keeps exactly what matchesSubStatus keeps', async () => {
    for (const view of ORDER_VIEWS) {
      for (const subStatus of SUB_STATUSES[view]) {
        const ids = (await all(filter(view, { subStatus }))).filter((id) => id.startsWith('S'));
        const keep = (order: (typeof ORDERS)[number]) =>
          matchesView(order, view) && matchesSubStatus(order, subStatus);
        expect(ids, `${view} / ${subStatus}`).toEqual(expected(keep));
      }
    }
  });

  it('counts every view the same from the summary and from the rows', async () => {
    const counts = {
      all: ORDERS.length + 3,
      action_items: ORDERS.filter((o) => matchesView(o, 'action_items')).length + 2,
      in_progress: ORDERS.filter((o) => matchesView(o, 'in_progress')).length + 1,
      shipped: ORDERS.filter((o) => matchesView(o, 'shipped')).length,
    };
    expect(await countViews(database().db, filter('all'))).toEqual(counts);
    // An age bound every order meets (unknown ages are the largest key) counts the rows.
    const rows = await countViews(database().db, filter('all', { sinceAtMost: 9e15 }));
    expect(rows).toEqual(counts);
  });

  it('takes status_since from the history of the current status', async () => {
    const rows = await listPage(database().db, filter('all'), {
      sort: 'date',
      dir: 'asc',
      page: 1,
      perPage: 10_000,
      total: 10_000,
    });
    const since = Object.fromEntries(
      rows.filter((row) => row.order_id.startsWith('H')).map((r) => [r.order_id, r.status_since]),
    );
    expect(since).toEqual({ H1: T, H2: T + 3 * DAY, H3: null });
    expect(rows.some((row) => row.order_id === 'GONE')).toBe(false);
  });

  it('keeps every status as the ERP wrote it', async () => {
    const statuses = new Set(
      (await database().db.selectFrom('order_worklist').select('status').execute()).map(
        (row) => row.status,
      ),
    );
    expect(statuses).toEqual(new Set([...STATUSES, '40 - Ready To Ship', '33 - Awaiting PAR']));
    expect(SHIPPED_STATUSES.every((status) => statuses.has(status))).toBe(true);
  });
});
