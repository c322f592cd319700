import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOfDb } from '../../db/database';
import type { Database } from '../../db/schema';
import { readRefresh } from '../analytics/repository';
import { SCAN_ID, STATE_SQL, worklistRowids } from './worklist-states';

/**
 * A portal's first scan records every order's state and tells no one: the first sync's
 * orders are history, not news (scan.ts). MariaDB and PostgreSQL record them in one
 * statement on the server, which holds no portal process up. better-sqlite3 runs
 * statements in the portal's own thread: one INSERT … SELECT of 7.9M orders (a million
 * patients) held every request for 11 s, once per database. There the worklist is read a
 * window of rowids at a time, each window committed with how far it got
 * (notification_scans.baseline_through, migration 0035) and a turn of the event loop
 * between two windows; a scan that finds a baseline under way (its process died, or lost
 * its claim) finishes it instead of taking the orders not yet recorded for news. A load
 * that commits between two windows (a new data version) starts the windows again from the
 * first, so the baseline is one version's states throughout: a refill of the worklist
 * numbers its rows anew.
 */

const COLUMNS = 'order_id, action_items, shipped, delivered, version';
const STATES_OF_WORKLIST = `SELECT w.order_id, ${STATE_SQL.action_items}, ${STATE_SQL.shipped},
    ${STATE_SQL.delivered}, 1 FROM order_worklist w`;

const saveProgress = (
  trx: Transaction<Database>,
  through: number | null,
  version: number | string | null,
) =>
  trx
    .updateTable('notification_scans')
    .set({ baseline_through: through, baseline_version: version === null ? null : Number(version) })
    .where('id', '=', SCAN_ID)
    .execute();

/** MariaDB and PostgreSQL: every state in one transaction. */
const recordAtOnce = (db: Kysely<Database>) =>
  db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_order_states').execute();
    await sql
      .raw(`INSERT INTO notification_order_states (${COLUMNS}) ${STATES_OF_WORKLIST}`)
      .execute(trx);
    await saveProgress(trx, null, null);
  });

/**
 * SQLite: one window, in a transaction of its own, from where the baseline under way got
 * to if it read the data version there is now, else from the first row. Answers whether
 * the baseline is complete.
 */
const recordWindow = (db: Kysely<Database>, size: number) =>
  db.transaction().execute(async (trx) => {
    // A write first takes SQLite's write lock, as BEGIN IMMEDIATE would: no load (its own
    // connection, in this thread between two statements) commits between the reads and the
    // insert, whose snapshot the insert could then not write from.
    await sql`UPDATE notification_scans SET baseline_through = baseline_through
      WHERE id = ${SCAN_ID}`.execute(trx);
    const scan = await trx
      .selectFrom('notification_scans')
      .select(['baseline_through', 'baseline_version'])
      .where('id', '=', SCAN_ID)
      .executeTakeFirst();
    if (scan === undefined) {
      // Its progress could not be kept: each window would start again from the first.
      throw new Error('The notification scan must be claimed before its baseline is recorded');
    }
    const refresh = await readRefresh(trx);
    const version = refresh === null ? null : refresh.version;
    const { low, high } = await worklistRowids(trx);
    const resumes =
      scan.baseline_through !== null &&
      String(scan.baseline_version ?? '') === String(version ?? '');
    const after = resumes ? Number(scan.baseline_through) : (low ?? 1) - 1;
    if (high === null || after >= high) {
      await saveProgress(trx, null, null);
      return true;
    }
    const upTo = after + size;
    // An order recorded by an earlier pass that a load has moved since takes its state now.
    await sql`INSERT INTO notification_order_states (${sql.raw(COLUMNS)})
      ${sql.raw(STATES_OF_WORKLIST)} WHERE w.rowid > ${after} AND w.rowid <= ${upTo}
      ON CONFLICT (order_id) DO UPDATE SET action_items = excluded.action_items,
        shipped = excluded.shipped, delivered = excluded.delivered, version = 1`.execute(trx);
    await saveProgress(trx, upTo, version);
    return false;
  });

/** Records (or finishes recording) every order's state; SQLite a window of `window` rowids at a time. */
export const recordBaseline = async (db: Kysely<Database>, window: number) => {
  if (dialectOfDb(db) !== 'sqlite') {
    await recordAtOnce(db);
    return;
  }
  while (!(await recordWindow(db, window))) {
    await yieldToLoop();
  }
};
