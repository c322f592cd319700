import type { Kysely } from 'kysely';
import { isMysql } from './columns';

/**
 * The status history's index by order also holds the status and both times, so what is
 * read per order and status (the analytics' time in each status, the worklist's 'since')
 * is read from the index alone, in its order, without sorting the history: MariaDB's
 * refill of analytics_status_days took 16.6 s inside the history load at 50k patients,
 * grouping every joined row in a temporary table on disk, and 2 s this way (issue 33).
 * Every reader of one order's rows uses it as before, by its first column. It keeps its
 * name: MariaDB's statements name it (FORCE INDEX), and so does the worklist's refill in
 * migration 0017, which runs before this one.
 */
const INDEX = 'order_status_history_order_idx';

const replaceIndex = async (db: Kysely<unknown>, columns: string[]) => {
  const drop = db.schema.dropIndex(INDEX);
  // Only MySQL names the table an index belongs to.
  await (isMysql(db) ? drop.on('order_status_history') : drop).execute();
  await db.schema.createIndex(INDEX).on('order_status_history').columns(columns).execute();
};

export const up = (db: Kysely<unknown>): Promise<void> =>
  replaceIndex(db, ['order_id', 'status', 'entered_at', 'exited_at']);

export const down = (db: Kysely<unknown>): Promise<void> =>
  replaceIndex(db, ['order_id', 'entered_at']);
