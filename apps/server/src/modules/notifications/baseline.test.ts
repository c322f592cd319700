import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { turnsDuring } from '../../test/event-loop';
import { readRefresh } from '../analytics/repository';
import { scanForEvents } from './scan';
import { useNotificationScenario } from './test-support';
import { STATE_SQL } from './worklist-states';

describe.each(testDialects())('the first scan of a portal [%s]', (dialect) => {
  const { portal, clock, change } = useNotificationScenario(dialect);
  const db = () => portal().database.db;
  const scan = (owner: string, sqliteWindow = 1) =>
    scanForEvents(db(), {
      now: clock.now(),
      owner,
      timeZone: 'UTC',
      waitingDays: 14,
      sqliteWindow,
    });
  const events = async () =>
    (await db().selectFrom('notification_events').select(['kind', 'order_id']).execute())
      .map((row) => `${row.kind} ${row.order_id}`)
      .sort();
  const recorded = async () =>
    (await db().selectFrom('notification_order_states').select('order_id').execute())
      .map((row) => row.order_id)
      .sort();
  const worklistOrders = async () =>
    (await db().selectFrom('order_worklist').select('order_id').execute())
      .map((row) => row.order_id)
      .sort();
  const progress = () =>
    db()
      .selectFrom('notification_scans')
      .select(['baseline_through', 'baseline_version'])
      .executeTakeFirstOrThrow();
  const deliver = (orderId: string) =>
    change((trx) =>
      trx
        .updateTable('orders')
        .set({ delivery_status: 'Delivered' })
        .where('order_id', '=', orderId)
        .execute(),
    );

  /** What a process that died after the baseline's first windows leaves: O1 and the rows before it. */
  const plantHalfDone = async () => {
    const through =
      dialect === 'sqlite'
        ? (
            await sql<{ through: number }>`SELECT rowid AS through FROM order_worklist
              WHERE order_id = 'O1'`.execute(db())
          ).rows[0]!.through
        : 1;
    await db().deleteFrom('notification_order_states').execute();
    await sql`INSERT INTO notification_order_states (order_id, action_items, shipped, delivered, version)
      SELECT w.order_id, ${sql.raw(STATE_SQL.action_items)}, ${sql.raw(STATE_SQL.shipped)},
        ${sql.raw(STATE_SQL.delivered)}, 1 FROM order_worklist w
      WHERE ${dialect === 'sqlite' ? sql`w.rowid <= ${through}` : sql`w.order_id = 'O1'`}`.execute(
      db(),
    );
    const refresh = await readRefresh(db());
    await db()
      .updateTable('notification_scans')
      .set({
        baseline_through: through,
        baseline_version: refresh === null ? null : refresh.version,
        claimed_by: 'dead',
        claimed_until: clock.now() - 1,
      })
      .execute();
  };

  it('records every order a window at a time, the event loop turning between, and tells no one', async () => {
    const { result, turns } = await turnsDuring(() => scan('first'));
    expect(result).toMatchObject({ claimed: true, baseline: true, events: 0 });
    expect(await recorded()).toEqual(await worklistOrders());
    expect(await progress()).toEqual({ baseline_through: null, baseline_version: null });
    // Nine orders, one a window on SQLite, a turn after each.
    expect(turns).toBeGreaterThanOrEqual(dialect === 'sqlite' ? 9 : 1);

    // Each state was recorded as it is: the next change is the only news.
    await deliver('O2');
    expect(await scan('next')).toMatchObject({ baseline: false, changedOrders: 1 });
    expect(await events()).toEqual(['delivered O2', 'shipped O2']);
  });

  it('finishes a baseline a process left half-way instead of taking the rest for news', async () => {
    await plantHalfDone();
    const before = await events();
    expect(await scan('after-the-dead')).toMatchObject({
      claimed: true,
      baseline: true,
      events: 0,
    });
    expect(await recorded()).toEqual(await worklistOrders());
    expect(await events()).toEqual(before);
    expect(await progress()).toEqual({ baseline_through: null, baseline_version: null });
  });

  it('starts the windows again when a load committed between two of them', async () => {
    await plantHalfDone();
    // O1 was recorded before the load delivered it: a resumed baseline would keep its old state.
    await deliver('O1');
    const before = await events();
    expect(await scan('after-the-load')).toMatchObject({ baseline: true, events: 0 });
    expect(await events()).toEqual(before);
    const o1 = await db()
      .selectFrom('notification_order_states')
      .select(['delivered', 'shipped'])
      .where('order_id', '=', 'O1')
      .executeTakeFirstOrThrow();
    expect(o1).toEqual({ delivered: 1, shipped: 1 });
    // Nothing left over for the next scan either.
    await change(async () => undefined);
    expect(await scan('next')).toMatchObject({ baseline: false, changedOrders: 0, events: 0 });
  });
});
