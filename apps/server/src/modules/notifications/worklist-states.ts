import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The one row of notification_scans. */
export const SCAN_ID = 1;

const trackingSql = `(w.tracking_number IS NOT NULL AND TRIM(w.tracking_number) <> ''
  AND LOWER(TRIM(w.tracking_number)) <> 'no tracking')`;

/** The three states an event is a change of, from a worklist row `w`. */
export const STATE_SQL = {
  action_items: `CASE WHEN w.view_group = 'action_items' THEN 1 ELSE 0 END`,
  // Shipped: the Order Shipped view's rule, or a real tracking number.
  shipped: `CASE WHEN w.shipped_view = 1 OR ${trackingSql} THEN 1 ELSE 0 END`,
  // Delivered: the dashboard's display rule 1 (core.md section 4).
  delivered: `CASE WHEN (w.delivery_date IS NOT NULL AND w.delivery_date <> '')
    OR LOWER(TRIM(w.delivery_status)) = 'delivered' THEN 1 ELSE 0 END`,
} as const;

type TStateName = keyof typeof STATE_SQL;
export const STATES = Object.keys(STATE_SQL) as TStateName[];

/** SQLite's scan and baseline read this many rowids of the worklist between two turns of the event loop. */
export const SQLITE_SCAN_WINDOW = 50_000;

/**
 * The worklist's lowest and highest rowid (SQLite), each in its own select: SQLite reads
 * one end of the table for a lone MIN or MAX, but walks every row for the two together
 * (0.5 s at 7.9M orders).
 */
export const worklistRowids = async (db: Kysely<Database>) => {
  const { rows } = await sql<{ low: number | null; high: number | null }>`
    SELECT (SELECT MIN(rowid) FROM order_worklist) AS low,
      (SELECT MAX(rowid) FROM order_worklist) AS high`.execute(db);
  return rows[0] ?? { low: null, high: null };
};
