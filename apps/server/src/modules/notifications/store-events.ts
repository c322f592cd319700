import { sql, type Transaction } from 'kysely';
import { dialectOfDb } from '../../db/database';
import type { Database } from '../../db/schema';
import { recipientsOf, type TFanOutEvent } from './recipients';

export const DAY_MS = 86_400_000;
/** Events and snapshot rows settled per transaction. */
export const PAGE = 2_000;

/** An event as a scan finds it, before it is stored. */
export type TCandidateEvent = Omit<TFanOutEvent, 'id'> & {
  dedupe_key: string;
  order_id: string;
  so_number: string | null;
  status: string | null;
};

/**
 * Stores the events that reach at least one user, and their notifications, in the
 * caller's transaction. An event nobody follows is not kept: the snapshot already says
 * it happened, and a table of every status change of every order would only grow.
 */
export const storeEvents = async (
  trx: Transaction<Database>,
  candidates: readonly TCandidateEvent[],
  options: { now: number; timeZone: string },
) => {
  const indexed = candidates.map((event, index) => ({ ...event, id: index }));
  const rows = await recipientsOf(trx, indexed, options.timeZone);
  if (rows.length === 0) {
    return { events: 0, notifications: 0 };
  }
  const reached = [...new Set(rows.map((row) => row.event_id))].map((index) => indexed[index]!);
  const values = reached.map((event) => ({
    dedupe_key: event.dedupe_key,
    kind: event.kind,
    order_id: event.order_id,
    so_number: event.so_number,
    patient_key: event.patient_key,
    payor_key: event.payor_key,
    classification_key: event.classification_key,
    status: event.status === null ? null : event.status.slice(0, 255),
    days: event.days,
    created_at: options.now,
  }));
  const insert = trx.insertInto('notification_events').values(values);
  await (
    dialectOfDb<Database>(trx) === 'mysql'
      ? insert.onDuplicateKeyUpdate({ dedupe_key: sql`dedupe_key` })
      : insert.onConflict((conflict) => conflict.column('dedupe_key').doNothing())
  ).execute();
  const stored = await trx
    .selectFrom('notification_events')
    .select(['id', 'dedupe_key'])
    .where(
      'dedupe_key',
      'in',
      reached.map((event) => event.dedupe_key),
    )
    .execute();
  const idOf = new Map(stored.map((row) => [row.dedupe_key, row.id]));
  const notifications = rows.map((row) => ({
    ...row,
    event_id: idOf.get(indexed[row.event_id]!.dedupe_key)!,
    created_at: options.now,
    read_at: null,
    mail_id: null,
  }));
  const insertNotifications = trx.insertInto('notifications').values(notifications);
  const result = await (
    dialectOfDb<Database>(trx) === 'mysql'
      ? insertNotifications.onDuplicateKeyUpdate({ user_id: sql`user_id` })
      : insertNotifications.onConflict((conflict) =>
          conflict.columns(['user_id', 'event_id']).doNothing(),
        )
  ).executeTakeFirst();
  return { events: reached.length, notifications: Number(result.numInsertedOrUpdatedRows ?? 0) };
};
