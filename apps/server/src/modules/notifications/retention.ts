import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY_MS } from './scan';

/** How long a notification is kept, read or not: half a year of a user's history. */
export const NOTIFICATION_RETENTION_DAYS = 180;
const BATCH = 1_000;

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
  const states = await db
    .deleteFrom('notification_order_states')
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
  return {
    notifications,
    events: Number(events.numDeletedRows),
    states: Number(states.numDeletedRows),
  };
};
