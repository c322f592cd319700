import { beforeAll } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { testClock } from '../../test/clock';
import { useTestPortal } from '../../test/test-portal';
import { stamp } from '../analytics/summaries';
import { seedScenario, signInScenario } from '../patients/test-scenario';
import { refillWorklist } from '../worklist/summary';

/**
 * The patients' scenario (patients/test-scenario.ts: PA-1 Jane Smith of PAY-A with orders
 * O1-O7, PA-2's O8, PAY-B's OB1; one user per scope, the patient account is PA-1's) with
 * its worklist filled, on a portal whose clock a test moves. `change` plays a committed
 * sync: it edits the ERP tables, refills the worklist as a load does and writes a new
 * data version.
 */
export const START = Date.UTC(2025, 1, 1, 12);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const useNotificationScenario = (dialect: TDialect, env: Record<string, string> = {}) => {
  const clock = testClock(START);
  const portal = useTestPortal(dialect, env, { clock: clock.now });
  let state:
    | {
        request: Awaited<ReturnType<typeof signInScenario>>;
        ids: Awaited<ReturnType<typeof seedScenario>>;
      }
    | undefined;
  beforeAll(async () => {
    const { db } = portal().database;
    const ids = await seedScenario(db);
    await db
      .insertInto('order_status_history')
      .values({
        status_history_key: 'H-O3',
        order_id: 'O3',
        status: '40 - Ready To Ship',
        entered_at: START - 20 * DAY,
        exited_at: null,
      })
      .execute();
    await refillWorklist(db);
    state = { ids, request: await signInScenario(portal().app) };
  });
  const ready = () => {
    if (!state) {
      throw new Error('scenario is not ready; use it inside a test');
    }
    return state;
  };
  const change = async (edit: (db: Kysely<Database>) => Promise<unknown>) => {
    const { db } = portal().database;
    await db.transaction().execute(async (trx) => {
      await edit(trx);
      await refillWorklist(trx);
      for (const statement of stamp(clock.now())) {
        await sql.raw(statement).execute(trx);
      }
    });
  };
  const setStatus = (orderId: string, status: string, extra: Record<string, string> = {}) =>
    change((db) =>
      db
        .updateTable('orders')
        .set({ status, ...extra })
        .where('order_id', '=', orderId)
        .execute(),
    );
  return {
    portal,
    clock,
    change,
    setStatus,
    request: (...args: Parameters<NonNullable<typeof state>['request']>) =>
      ready().request(...args),
    ids: () => ready().ids,
  };
};

/** Every notification with its event, as [user id, kind, order] triples, sorted. */
export const notificationTriples = async (db: Kysely<Database>) =>
  (
    await db
      .selectFrom('notifications as n')
      .innerJoin('notification_events as e', 'e.id', 'n.event_id')
      .select(['n.user_id', 'e.kind', 'e.order_id'])
      .execute()
  )
    .map((row) => `${row.user_id} ${row.kind} ${row.order_id}`)
    .sort();
