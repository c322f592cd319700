import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY_MS, PAGE, storeEvents, type TCandidateEvent } from './store-events';

/** The waiting thresholds users chose (the default for those who chose none). */
const waitingThresholds = async (db: Kysely<Database>, fallback: number) => {
  const rows = await db
    .selectFrom('notification_settings')
    .select('settings')
    .where('settings', 'like', '%"waiting_days":%')
    .execute();
  const days = new Set([fallback]);
  for (const row of rows) {
    const match = /"waiting_days":(\d+)/.exec(row.settings);
    if (match?.[1]) {
      days.add(Number(match[1]));
    }
  }
  return [...days];
};

type TWaitingRow = {
  order_id: string;
  so_number: string | null;
  patient_key: string;
  payor_key: string | null;
  so_classification_key: string | null;
  status: string | null;
  since_key: number;
};

/** How far back a waiting check looks at most: a portal that was down a month tells of it once. */
const WAITING_WINDOW_MS = 2 * DAY_MS;

/**
 * Orders still in Action Items or In Progress whose time in their status passed N days
 * between the last check and now, for each threshold N users chose. Read per payor and
 * group from the worklist's age index (payor, group, since): a walk of the whole table
 * took 3 s at 850k orders on SQLite. Orders without a payor reach no staff member, and
 * patients are not told of waits.
 */
export const scanWaiting = async (
  db: Kysely<Database>,
  options: { now: number; since: number; timeZone: string; fallbackDays: number },
) => {
  const counts = { events: 0, notifications: 0 };
  const since = Math.max(options.since, options.now - WAITING_WINDOW_MS);
  if (since >= options.now) {
    return counts;
  }
  const groups = ['action_items', 'in_progress'];
  const payors = await db
    .selectFrom('order_worklist_counts')
    .select('payor_key')
    .distinct()
    .where('view_group', 'in', groups)
    .where('payor_key', '<>', '')
    .execute();
  for (const days of await waitingThresholds(db, options.fallbackDays)) {
    for (const { payor_key: payorKey } of payors) {
      const rows: TWaitingRow[] = await db
        .selectFrom('order_worklist as w')
        .select([
          'w.order_id',
          'w.so_number',
          'w.patient_key',
          'w.payor_key',
          'w.so_classification_key',
          'w.status',
          'w.since_key',
        ])
        .where('w.payor_key', '=', payorKey)
        .where('w.view_group', 'in', groups)
        .where('w.since_key', '>', since - days * DAY_MS)
        .where('w.since_key', '<=', options.now - days * DAY_MS)
        .execute();
      for (let start = 0; start < rows.length; start += PAGE) {
        const candidates = rows.slice(start, start + PAGE).map((row): TCandidateEvent => ({
          dedupe_key: `waiting:${row.order_id}:${row.since_key}:${days}`,
          kind: 'waiting',
          order_id: row.order_id,
          so_number: row.so_number,
          patient_key: row.patient_key,
          payor_key: row.payor_key,
          classification_key: row.so_classification_key,
          status: row.status,
          days,
        }));
        const stored = await db
          .transaction()
          .execute((trx) => storeEvents(trx, candidates, options));
        counts.events += stored.events;
        counts.notifications += stored.notifications;
      }
    }
  }
  return counts;
};
