import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { turnsDuring } from '../../test/event-loop';
import { dispatchInstant } from './dispatch';
import { NOTIFICATION_RETENTION_DAYS, purgeVanishedStates } from './retention';
import { scanForEvents } from './scan';
import { DAY, useNotificationScenario } from './test-support';

describe.each(testDialects())('notification mails and clean-up over time [%s]', (dialect) => {
  const { portal, clock, setStatus, request, ids } = useNotificationScenario(dialect);
  const db = () => portal().database.db;
  const count = async (table: 'notifications' | 'notification_events' | 'mail_outbox') => {
    const { n } = await db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return n;
  };

  it('queues one mail a user when two processes dispatch at once', async () => {
    const options = { now: clock.now(), timeZone: 'UTC', waitingDays: 14 };
    await scanForEvents(db(), { ...options, owner: 'first' });
    await request('caseManagerA', '/api/patients/favorites', {
      method: 'POST',
      payload: { patient_key: 'PA-1', user_id: ids().caseManagerA },
    });
    await setStatus('O3', '31 - Awaiting CMN (RX)');
    await setStatus('O8', '33 - Awaiting PAR');
    await scanForEvents(db(), { ...options, owner: 'second' });
    const mail = {
      now: clock.now(),
      appOrigin: 'https://portal.example.org',
      secret: 'a-test-secret-of-enough-length-0123456789',
      timeZone: 'UTC',
    };
    const sent = await Promise.all([dispatchInstant(db(), mail), dispatchInstant(db(), mail)]);
    // The case manager (O3) and PA-1's patient account (O3): two users, two mails in all.
    expect(sent[0] + sent[1]).toBe(2);
    expect(await count('mail_outbox')).toBe(2);
    const states = await db().selectFrom('notifications').select('email_state').execute();
    expect(states.map((row) => row.email_state).sort()).toEqual(['mailed', 'mailed']);
  });

  it('purges notifications past their retention once a day, and what only they named', async () => {
    await db()
      .insertInto('notification_order_states')
      .values({ order_id: 'GONE', action_items: 1, shipped: 0, delivered: 0, version: 1 })
      .execute();
    const before = await count('notifications');
    expect(before).toBeGreaterThan(0);
    // Within the retention: the daily run keeps everything but the vanished order's state.
    await portal().app.notifications.tick();
    expect(await count('notifications')).toBe(before);
    const gone = await db()
      .selectFrom('notification_order_states')
      .select('order_id')
      .where('order_id', '=', 'GONE')
      .execute();
    expect(gone).toEqual([]);
    clock.advance((NOTIFICATION_RETENTION_DAYS + 1) * DAY);
    await portal().app.notifications.tick();
    expect(await count('notifications')).toBe(0);
    expect(await count('notification_events')).toBe(0);
    const kept = await db().selectFrom('notification_order_states').select('order_id').execute();
    expect(kept.map((row) => row.order_id)).toContain('O3');
  });

  it('forgets vanished orders’ states a window of keys at a time, the event loop turning between', async () => {
    await scanForEvents(db(), {
      now: clock.now(),
      owner: 'first',
      timeZone: 'UTC',
      waitingDays: 14,
    });
    const states = async () =>
      (await db().selectFrom('notification_order_states').select('order_id').execute())
        .map((row) => row.order_id)
        .sort();
    const kept = await states();
    expect(kept.length).toBeGreaterThan(4);
    // Orders the worklist no longer holds, before, among and after the kept orders' keys.
    const gone = ['A-GONE', 'O1-GONE', 'O5-GONE', 'ZZ-GONE'];
    await db()
      .insertInto('notification_order_states')
      .values(
        gone.map((orderId) => ({
          order_id: orderId,
          action_items: 1,
          shipped: 0,
          delivered: 0,
          version: 1,
        })),
      )
      .execute();
    const { result, turns } = await turnsDuring(() => purgeVanishedStates(db(), 2));
    expect(result).toBe(gone.length);
    expect(await states()).toEqual(kept);
    // Windows of two states: a turn after every full window, whatever the database.
    expect(turns).toBeGreaterThanOrEqual(Math.floor((kept.length + gone.length) / 2));
  });
});
