import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { turnsDuring } from '../../test/event-loop';
import { scanForEvents } from './scan';
import { DAY, HOUR, notificationTriples, useNotificationScenario } from './test-support';

describe.each(testDialects())('notification events from the sync [%s]', (dialect) => {
  const { portal, clock, change, setStatus, request, ids } = useNotificationScenario(dialect);
  const db = () => portal().database.db;
  const tick = () => portal().app.notifications.tick();
  const star = async (user: 'caseManagerA' | 'caseManagerB' | 'admin', patientKey: string) => {
    const response = await request(user, '/api/patients/favorites', {
      method: 'POST',
      payload: { patient_key: patientKey, user_id: ids()[user] },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const events = async () =>
    (await db().selectFrom('notification_events').select(['kind', 'order_id']).execute())
      .map((row) => `${row.kind} ${row.order_id}`)
      .sort();

  it('records the first scan as history, then makes each change one event for its followers', async () => {
    const first = await tick();
    expect(first.scan).toMatchObject({ claimed: true, baseline: true, events: 0 });
    expect(await notificationTriples(db())).toEqual([]);
    await star('caseManagerA', 'PA-1');
    await star('caseManagerB', 'PB-1');

    await setStatus('O3', '31 - Awaiting CMN (RX)');
    await change((trx) =>
      trx
        .updateTable('orders')
        .set({ tracking_number: '1Z999AA10123456799' })
        .where('order_id', '=', 'O7')
        .execute(),
    );
    await change((trx) =>
      trx
        .updateTable('orders')
        .set({ delivery_status: 'Delivered' })
        .where('order_id', '=', 'O5')
        .execute(),
    );
    const second = await tick();
    expect(second.scan).toMatchObject({ claimed: true, baseline: false, events: 3 });
    expect(await events()).toEqual(['action_needed O3', 'delivered O5', 'shipped O7']);
    const { caseManagerA, patient } = ids();
    // The case manager who starred PA-1 and PA-1's own account; PAY-B's case manager
    // follows PB-1 only, and nobody else follows PA-1.
    expect(await notificationTriples(db())).toEqual(
      [
        `${caseManagerA} action_needed O3`,
        `${caseManagerA} delivered O5`,
        `${caseManagerA} shipped O7`,
        `${patient} action_needed O3`,
        `${patient} delivered O5`,
        `${patient} shipped O7`,
      ].sort(),
    );

    // Nothing new to read: no scan. A new version with the same orders: a scan, no event.
    expect((await tick()).scan).toEqual({ claimed: false, due: false });
    await change(async () => undefined);
    expect((await tick()).scan).toMatchObject({ claimed: true, events: 0, changedOrders: 0 });
    expect(await events()).toHaveLength(3);
  });

  it('writes one event when two processes scan the same change, and takes over a dead claim', async () => {
    await star('admin', 'PA-2');
    await setStatus('O8', '33 - Awaiting PAR');
    const options = { now: clock.now(), timeZone: 'UTC', waitingDays: 14 };
    const results = await Promise.all([
      scanForEvents(db(), { ...options, owner: 'process-1' }),
      scanForEvents(db(), { ...options, owner: 'process-2' }),
    ]);
    expect(results.filter((result) => result.claimed)).toHaveLength(1);
    const admin = ids().admin;
    expect((await notificationTriples(db())).filter((row) => row.startsWith(`${admin} `))).toEqual([
      `${admin} action_needed O8`,
    ]);

    // A scan that read the same state again (its snapshot write lost) finds the same key.
    await db()
      .updateTable('notification_order_states')
      .set({ action_items: 0, version: 1 })
      .where('order_id', '=', 'O8')
      .execute();
    // A process died holding the claim: after its lease another takes over.
    await db()
      .updateTable('notification_scans')
      .set({ claimed_by: 'dead', claimed_until: clock.now() - 1, data_version: 0 })
      .execute();
    const again = await scanForEvents(db(), { ...options, owner: 'process-3' });
    expect(again).toMatchObject({ claimed: true, changedOrders: 1 });
    expect(await events()).toContain('action_needed O8');
    expect((await events()).filter((event) => event === 'action_needed O8')).toHaveLength(1);
    expect((await notificationTriples(db())).filter((row) => row.startsWith(`${admin} `))).toEqual([
      `${admin} action_needed O8`,
    ]);
  });

  it('applies scope, categories and read rights', async () => {
    const save = await request('customerServiceA', '/api/notification-settings', { method: 'GET' });
    const settings = save.json<{ settings: Record<string, unknown> }>().settings;
    const saved = await request('customerServiceA', '/api/notification-settings', {
      method: 'PUT',
      payload: { ...settings, scope: 'payor', categories: ['CL-RESP'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The case manager enabled Diabetic only: a Respiratory order is not theirs to hear of.
    await db()
      .insertInto('user_preferences')
      .values({
        user_id: ids().caseManagerA,
        kind: 'so_classification',
        value: 'CL-DIAB',
        created_at: 0,
      })
      .execute();
    const order = (id: string, patientKey: string, classification: string) => ({
      order_id: id,
      so_number: `SO-${id}`,
      patient_key: patientKey,
      status: '34 - Awaiting SCA/LOA',
      so_classification_key: classification,
    });
    await change((trx) =>
      trx
        .insertInto('orders')
        .values([
          order('N1', 'PA-3', 'CL-RESP'),
          order('N2', 'PA-3', 'CL-DIAB'),
          order('N3', 'PA-1', 'CL-RESP'),
          order('N4', 'PB-1', 'CL-RESP'),
        ])
        .execute(),
    );
    await tick();
    const { customerServiceA, caseManagerA, caseManagerB, patient } = ids();
    const triples = (await notificationTriples(db())).filter((row) => / N\d$/.test(row));
    expect(triples).toEqual(
      [
        // Every PAY-A patient's Respiratory order, not Diabetic, not PAY-B's.
        `${customerServiceA} action_needed N1`,
        `${customerServiceA} action_needed N3`,
        // PA-1's patient account hears of its own order.
        `${patient} action_needed N3`,
        // PAY-B's case manager starred PB-1.
        `${caseManagerB} action_needed N4`,
      ].sort(),
    );
    expect(triples.some((row) => row.startsWith(`${caseManagerA} `))).toBe(false);
  });

  it('tells followers once when an order has waited past their threshold', async () => {
    const entered = clock.now() - 14 * DAY + HOUR;
    await change(async (trx) => {
      await trx
        .insertInto('orders')
        .values({
          order_id: 'WT1',
          so_number: 'SO-WT1',
          patient_key: 'PB-1',
          status: '20 - Verify Insurance',
        })
        .execute();
      await trx
        .insertInto('order_status_history')
        .values({
          status_history_key: 'H-WT1',
          order_id: 'WT1',
          status: '20 - Verify Insurance',
          entered_at: entered,
          exited_at: null,
        })
        .execute();
    });
    await tick();
    const waiting = async () =>
      (await notificationTriples(db())).filter((row) => row.includes(' waiting '));
    expect(await waiting()).toEqual([]);
    clock.advance(2 * HOUR);
    const result = await tick();
    expect(result.scan).toMatchObject({ claimed: true, events: 1 });
    expect(await waiting()).toEqual([`${ids().caseManagerB} waiting WT1`]);
    const event = await db()
      .selectFrom('notification_events')
      .select(['days', 'payor_key', 'patient_key'])
      .where('kind', '=', 'waiting')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ days: 14, payor_key: 'PAY-B', patient_key: 'PB-1' });
    clock.advance(WAITING_CHECK_AFTER);
    await tick();
    expect(await waiting()).toHaveLength(1);
  });

  it('finds every change when SQLite reads the worklist a window at a time, the event loop turning between', async () => {
    await change((trx) =>
      trx
        .updateTable('orders')
        .set({ delivery_status: 'Delivered' })
        .where('order_id', 'in', ['O1', 'O2', 'O6'])
        .execute(),
    );
    const before = await events();
    const { result, turns } = await turnsDuring(() =>
      scanForEvents(db(), {
        now: clock.now(),
        owner: 'windowed',
        timeZone: 'UTC',
        waitingDays: 14,
        // One order per window on SQLite: the three changes fall in three windows.
        sqliteWindow: 1,
      }),
    );
    expect(result).toMatchObject({ claimed: true, changedOrders: 3 });
    // Delivered puts O1 and O2 in the Order Shipped view too; O6 was shipped already.
    expect((await events()).filter((event) => !before.includes(event))).toEqual([
      'delivered O1',
      'delivered O2',
      'delivered O6',
      'shipped O1',
      'shipped O2',
    ]);
    // Nine orders, a turn after each window.
    expect(turns).toBeGreaterThanOrEqual(dialect === 'sqlite' ? 9 : 1);
  });
});

const WAITING_CHECK_AFTER = 20 * 60_000;
