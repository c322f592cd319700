import type { Kysely } from 'kysely';
import { statusGroupOf } from '@portal/domain/order-status';
import { daysSince, orderStatusLabel } from '@portal/domain/order-status-labels';
import type { TStatusHistoryEntry } from '@portal/domain/order-lookup-api';
import type { Database } from '../../db/schema';

/**
 * An order's status history (order_status_history, synced from the ERP) and what staff
 * read off it: since when the order is in its current status, and when it shipped.
 * A page of orders reads its history in one statement, on the index
 * order_status_history (order_id, entered_at); the rules are applied here, with the
 * domain's status groups, so they read the same on every database:
 * - status_since: the entered_at of the latest history row whose status is the order's
 *   current status (both trimmed); null when the history has none;
 * - ship_date: the earliest entered_at of a row in the shipped group (statusGroupOf);
 *   null when the order never entered one (docs/decisions.md, "Ship date").
 */

export type THistoryRow = {
  order_id: string | null;
  status: string | null;
  entered_at: number | null;
  exited_at: number | null;
};

export type TOrderTiming = { statusSince: number | null; shipDate: number | null };

/** The history of these orders, each order's oldest first. */
export const listStatusHistory = async (
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<THistoryRow[]> => {
  if (orderIds.length === 0) {
    return [];
  }
  return db
    .selectFrom('order_status_history')
    .select(['order_id', 'status', 'entered_at', 'exited_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('entered_at')
    .orderBy('status_history_key')
    .execute();
};

const trimmed = (status: string | null | undefined) => status?.trim() ?? '';

/** One order's timing from its history rows (any order). */
export const timingOf = (status: string | null, history: readonly THistoryRow[]): TOrderTiming => {
  const current = trimmed(status);
  let statusSince: number | null = null;
  let shipDate: number | null = null;
  for (const row of history) {
    if (row.entered_at === null) {
      continue;
    }
    if (current !== '' && trimmed(row.status) === current) {
      statusSince = Math.max(statusSince ?? row.entered_at, row.entered_at);
    }
    if (statusGroupOf(trimmed(row.status)) === 'shipped') {
      shipDate = Math.min(shipDate ?? row.entered_at, row.entered_at);
    }
  }
  return { statusSince, shipDate };
};

/** Each order's timing, by order_id, from one read of their history. */
export const readOrderTimings = async (
  db: Kysely<Database>,
  orders: readonly { order_id: string; status: string | null }[],
): Promise<Map<string, TOrderTiming>> => {
  const history = await listStatusHistory(
    db,
    orders.map((order) => order.order_id),
  );
  const byOrder = new Map<string, THistoryRow[]>();
  for (const row of history) {
    if (row.order_id !== null) {
      const rows = byOrder.get(row.order_id) ?? [];
      rows.push(row);
      byOrder.set(row.order_id, rows);
    }
  }
  return new Map(
    orders.map((order) => [
      order.order_id,
      timingOf(order.status, byOrder.get(order.order_id) ?? []),
    ]),
  );
};

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** A history row as the order detail's timeline shows it; days run to `now` while current. */
export const presentHistoryEntry = (row: THistoryRow, now: number): TStatusHistoryEntry => ({
  status: row.status,
  label: orderStatusLabel(row.status) ?? null,
  entered_at: iso(row.entered_at),
  exited_at: iso(row.exited_at),
  days: row.entered_at === null ? null : daysSince(row.entered_at, row.exited_at ?? now),
});
