import { describe, expect, it } from 'vitest';
import { DAY_MS, chartStatuses, type TProcessingTimeResponse } from '@portal/domain/analytics';
import type { TReorderResponse } from '@portal/domain/analytics';
import { plainProcessingTime, plainReorderPatterns } from '../../test/analytics-oracle';
import { testDialects } from '../../test/databases';
import { insertOrders, insertPatients } from '../../test/erp-fixtures';
import { createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { refillAllSummaries } from './summaries';

// 2025-06-30 12:00 UTC; D(n) is n days from that day's midnight.
const NOW = Date.UTC(2025, 5, 30, 12);
const MIDNIGHT = Date.UTC(2025, 5, 30);
const D = (days: number, hours = 0) => MIDNIGHT + days * DAY_MS + hours * 3_600_000;

type TStay = { status: string; from: number; to: number | null };
const orders: {
  id: string;
  patient: string | null;
  created: number;
  category: string | null;
  stays: TStay[];
}[] = [
  // One order: 2 days intake, then shipped (still there: an open stay).
  {
    id: 'o1',
    patient: 'p1',
    created: D(-10),
    category: 'CPAP/BiPAP',
    stays: [
      { status: '11 - Intake Complete', from: D(-10), to: D(-8) },
      { status: 'SOS - Shipped', from: D(-8), to: null },
    ],
  },
  // Two orders on one day: one shipped after 6 hours, one still open in its first status.
  {
    id: 'o2',
    patient: 'p2',
    created: D(-5, 9),
    category: 'Ostomy',
    stays: [
      { status: '31 - Awaiting CMN (RX)', from: D(-5, 9), to: D(-5, 15) },
      { status: '44 - Pending POD', from: D(-5, 15), to: null },
    ],
  },
  {
    id: 'o3',
    patient: 'p2',
    created: D(-5, 15),
    category: 'Ostomy',
    stays: [{ status: '31 - Awaiting CMN (RX)', from: D(-5, 15), to: null }],
  },
  // A 20-day cycle ending today: next order in 20 days (upcoming).
  ...[-40, -20, 0].map((day) => ({
    id: `p3-${day}`,
    patient: 'p3',
    created: D(day, 1),
    category: 'Diabetic Supplies',
    stays: [],
  })),
  // Only in the longer periods: 30-day cycle, overdue by 40 days.
  ...[-100, -70].map((day) => ({
    id: `p4-${day}`,
    patient: 'p4',
    created: D(day, 1),
    category: 'Urology',
    stays: [],
  })),
  // A 7-day cycle: due in 4 days (due soon).
  ...[-10, -3].map((day) => ({
    id: `p5-${day}`,
    patient: 'p5',
    created: D(day, 1),
    category: 'Urology',
    stays: [],
  })),
  // A 44-day cycle: due in 43 days (scheduled).
  ...[-45, -1].map((day) => ({
    id: `p7-${day}`,
    patient: 'p7',
    created: D(day, 1),
    category: null,
    stays: [],
  })),
  // Six orders with a day in review, five of them also 3 days in verification.
  ...[0, 1, 2, 3, 4, 5].map((index) => ({
    id: `r${index}`,
    patient: null,
    created: D(-6),
    category: 'Mobility',
    stays: [
      ...(index < 5 ? [{ status: '20 - Verify Insurance', from: D(-6), to: D(-3) }] : []),
      { status: '38 - Ready For Review', from: D(-3), to: D(-2) },
      { status: 'RCM - Billing', from: D(-2), to: null },
    ],
  })),
];

describe.each(testDialects())('analytics definitions [%s]', (dialect) => {
  const portal = useTestPortal(dialect, {}, { clock: () => NOW });
  const jars: Record<string, TJar> = {};

  // The answer's type is the caller's to name, as with response.json<T>().
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  const get = async <T>(who: string, url: string) => {
    const response = await portal().app.inject(withSession(jars[who]!, { method: 'GET', url }));
    return { response, body: response.json<T>() };
  };

  it('loads hand-made histories and signs in', async () => {
    const { db } = portal().database;
    await insertPatients(
      db,
      ['p1', 'p2', 'p3', 'p4', 'p5', 'p7'].map((key) => ({
        patient_key: key,
        first_name: `First-${key}`,
        last_name: `Last-${key}`,
        payor_key: 'payor-1',
        patient_id: key.toUpperCase(),
      })),
    );
    await insertOrders(
      db,
      orders.map((order) => ({
        order_id: order.id,
        patient_key: order.patient,
        date_created: order.created,
        so_classification_name: order.category,
      })),
    );
    const history = orders.flatMap((order) =>
      order.stays.map((stay, index) => ({
        status_history_key: `${order.id}-${index}`,
        order_id: order.id,
        status: stay.status,
        entered_at: stay.from,
        exited_at: stay.to,
      })),
    );
    await db.insertInto('order_status_history').values(history).execute();
    await refillAllSummaries(db, dialect, NOW);
    for (const role of ['admin', 'case_manager', 'customer_service'] as const) {
      await createTestUser(db, { email: `${role}@analytics.test`, role, payorKey: 'payor-1' });
      jars[role] = (await signIn(portal().app, { email: `${role}@analytics.test` })).jar;
    }
  });

  it('measures processing to the first shipped status and finished stays only', async () => {
    const { response, body } = await get<TProcessingTimeResponse>(
      'admin',
      '/api/analytics/processing-time?days=30',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(body.period_start).toBe('2025-06-01');
    expect(body.period_end).toBe('2025-06-30');
    expect(body.last_synced_at).toBe(NOW);
    expect(body.category_stats).toEqual({
      'CPAP/BiPAP': { avg_days: 2, count: 1 },
      Mobility: { avg_days: 4, count: 6 },
      // 6 hours; the still-open same-day order is left out.
      Ostomy: { avg_days: 0.3, count: 1 },
    });
    const byStatus = Object.fromEntries(body.status_durations.map((row) => [row.status, row]));
    expect(byStatus['31 - Awaiting CMN (RX)']).toEqual({
      status: '31 - Awaiting CMN (RX)',
      order_count: 1,
      avg_days: 0.3,
      min_days: 0.3,
      max_days: 0.3,
    });
    // Open stays (shipped, pending POD, RCM) count nowhere.
    expect(byStatus['SOS - Shipped']).toBeUndefined();
    expect(byStatus['20 - Verify Insurance']?.order_count).toBe(5);
    expect(byStatus['38 - Ready For Review']?.order_count).toBe(6);
    // The chart keeps more than 5 orders: 6 in, exactly 5 out.
    expect(chartStatuses(body.status_durations).map((row) => row.status)).toEqual([
      '38 - Ready For Review',
    ]);
    expect(body).toMatchObject(await plainProcessingTime(portal().database.db, NOW, 30));
  });

  it('reads reorder cycles, predictions and statuses as defined', async () => {
    const { response, body } = await get<TReorderResponse>(
      'admin',
      '/api/analytics/reorder-patterns?days=30&min_orders=2',
    );
    expect(response.statusCode).toBe(200);
    const byKey = Object.fromEntries(body.reorder_patterns.map((row) => [row.patient_key, row]));
    expect(Object.keys(byKey).sort()).toEqual(['p2', 'p3', 'p5']);
    expect(byKey.p2).toMatchObject({
      patient_name: 'First-p2 Last-p2',
      patient_id: 'P2',
      payor_key: 'payor-1',
      total_orders: 2,
      avg_days_between_orders: 0,
      last_order_date: '2025-06-25',
      predicted_next_order: '2025-06-25',
      days_until_reorder: -5,
      reorder_status: 'overdue',
      order_categories: ['Ostomy'],
    });
    expect(byKey.p5).toMatchObject({ days_until_reorder: 4, reorder_status: 'due_soon' });
    // p3's first order (40 days back) is outside 30 days; its other two still make a cycle.
    expect(byKey.p3).toMatchObject({ total_orders: 2, avg_days_between_orders: 20 });
    const longer = await get<TReorderResponse>(
      'admin',
      '/api/analytics/reorder-patterns?days=180&min_orders=2',
    );
    const rows = Object.fromEntries(
      longer.body.reorder_patterns.map((row) => [row.patient_key, row]),
    );
    expect(rows.p3).toMatchObject({ avg_days_between_orders: 20, reorder_status: 'upcoming' });
    expect(rows.p4).toMatchObject({ days_until_reorder: -40, reorder_status: 'overdue' });
    expect(rows.p7).toMatchObject({ days_until_reorder: 43, reorder_status: 'scheduled' });
    expect(rows.p7?.order_categories).toEqual(['Uncategorized']);
    expect(rows.p1).toBeUndefined();
    expect(longer.body.summary).toEqual({
      overdue_reorders: 2,
      due_soon: 1,
      // Gaps 0, 20, 20, 30, 7, 44 pooled.
      avg_days_between_all_orders: 20.2,
      total_patients: 5,
    });
    expect(longer.body.category_patterns.Urology).toEqual({
      avg_reorder_days: 18.5,
      min_reorder_days: 7,
      max_reorder_days: 30,
      patient_count: 2,
    });
    const three = await get<TReorderResponse>(
      'admin',
      '/api/analytics/reorder-patterns?days=180&min_orders=3',
    );
    expect(three.body.reorder_patterns.map((row) => row.patient_key)).toEqual(['p3']);
  });

  it.each([
    [30, 2],
    [60, 2],
    [90, 3],
    [180, 2],
  ])('equals the plain computation for %i days, min_orders %i', async (days, minOrders) => {
    const { db } = portal().database;
    const processing = await get<TProcessingTimeResponse>(
      'admin',
      `/api/analytics/processing-time?days=${days}`,
    );
    expect(processing.body).toMatchObject(await plainProcessingTime(db, NOW, days));
    const reorder = await get<TReorderResponse>(
      'admin',
      `/api/analytics/reorder-patterns?days=${days}&min_orders=${minOrders}&limit=1000`,
    );
    expect(reorder.body).toMatchObject(
      await plainReorderPatterns(db, { now: NOW, days, minOrders }),
    );
  });

  it('answers the status-duration panel with name and average days', async () => {
    const { body } = await get<{ statuses: { name: string; avg_duration_days: number }[] }>(
      'admin',
      '/api/analytics/status-duration',
    );
    expect(body.statuses).toContainEqual({
      name: '20 - Verify Insurance',
      avg_duration_days: 3,
      order_count: 5,
    });
  });

  it.each([
    ['/api/analytics/processing-time?days=0', 'days'],
    ['/api/analytics/processing-time?days=366', 'days'],
    ['/api/analytics/status-duration?days=abc', 'days'],
    ['/api/analytics/status-duration?days=1.5', 'days'],
    ['/api/analytics/reorder-patterns?min_orders=1', 'min_orders'],
    ['/api/analytics/reorder-patterns?days=180&min_orders=x', 'min_orders'],
  ])('answers %s with a 400 naming %s', async (url, field) => {
    const { response, body } = await get<{ error: string }>('admin', url);
    expect(response.statusCode).toBe(400);
    expect(body.error).toMatch(new RegExp(`^${field}: ${field} must be a whole number`));
  });

  it.each(['processing-time', 'reorder-patterns', 'status-duration'])(
    'refuses %s to staff who are not admins and to visitors',
    async (call) => {
      for (const role of ['case_manager', 'customer_service']) {
        expect((await get(role, `/api/analytics/${call}`)).response.statusCode).toBe(403);
      }
      const anonymous = await portal().app.inject({ method: 'GET', url: `/api/analytics/${call}` });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it('audits each reorder read with the patients it showed', async () => {
    await get('admin', '/api/analytics/reorder-patterns?days=30');
    const row = await portal()
      .database.db.selectFrom('audit_log')
      .select(['action', 'detail', 'outcome'])
      .where('action', '=', 'analytics_reorder_view')
      .where('outcome', '=', 'allowed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.detail!)).toMatchObject({ days: 30, patient_keys: ['p2', 'p5', 'p3'] });
  });
});
