import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY_MS } from './scan';

/** How long a notification is kept, read or not: half a year of a user's history. */
export const NOTIFICATION_RETENTION_DAYS = 180;
const BATCH = 1_000;
/** Scan states per statement of the states' clean-up (purgeVanishedStates). */
export const STATE_PURGE_WINDOW = 50_000;

/**
 * The scan's memory of orders the worklist no longer holds, deleted a window of states at a
 * time: a window is a range of the states' own key, each its own statement, with a turn of
 * the event loop between two. As one statement it read every state against the worklist at
 * once: 1.7 s at a million patients, which held a SQLite portal's every request.
 */
export const purgeVanishedStates = async (
  db: Kysely<Database>,
  window = STATE_PURGE_WINDOW,
): Promise<number> => {
  const states = db.selectFrom('notification_order_states').select('order_id');
  const first = await states.orderBy('order_id').limit(1).executeTakeFirst();
  const end = await states.orderBy('order_id', 'desc').limit(1).executeTakeFirst();
  if (first === undefined || end === undefined) {
    return 0;
  }
  // Every window is bounded on both sides, the first and the last too: PostgreSQL planned a
  // one-sided range over a table it had no statistics for (the scan's baseline had just
  // filled it) as a third of the table, and anti-joined the whole worklist: 2 s a window.
  let deleted = 0;
  let from = first.order_id;
  let inclusive = true;
  for (;;) {
    const lower = inclusive ? '>=' : '>';
    // The window's last key: the window-th state from `from`, or the table's last (the end).
    const last = await states
      .where('order_id', lower, from)
      .orderBy('order_id')
      .limit(1)
      .offset(window - 1)
      .executeTakeFirst();
    const result = await db
      .deleteFrom('notification_order_states')
      .where('order_id', lower, from)
      .where('order_id', '<=', (last ?? end).order_id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('order_worklist as w')
              .select('w.order_id')
              .whereRef('w.order_id', '=', 'notification_order_states.order_id'),
          ),
        ),
      )
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (last === undefined) {
      return deleted;
    }
    from = last.order_id;
    inclusive = false;
    // SQLite's statements run in this thread: requests are answered between two windows.
    await new Promise((resolve) => setImmediate(resolve));
  }
};

/**
 * The daily clean-up (claimed in housekeeping_runs, one process a day): notifications past
 * the retention, a bounded batch per statement; events no notification names any more; and
 * the scan's memory of orders the worklist no longer holds (one that comes back is new).
 */
export const purgeNotifications = async (db: Kysely<Database>, now: number) => {
  const before = now - NOTIFICATION_RETENTION_DAYS * DAY_MS;
  let notifications = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom('notifications')
        .select('id')
        .where('created_at', '<', before)
        .limit(BATCH)
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) {
      break;
    }
    const result = await db.deleteFrom('notifications').where('id', 'in', ids).executeTakeFirst();
    notifications += Number(result.numDeletedRows);
  }
  const events = await db
    .deleteFrom('notification_events')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications as n')
            .select('n.id')
            .whereRef('n.event_id', '=', 'notification_events.id'),
        ),
      ),
    )
    .executeTakeFirst();
  const states = await purgeVanishedStates(db);
  return {
    notifications,
    events: Number(events.numDeletedRows),
    states,
  };
};
