import { setTimeout as delay } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { stamp } from '../modules/analytics/summaries';
import { WORKLIST_PENDING, worklistFlushSql } from '../modules/worklist/summary-changes';
import type { TLoader } from './load/types';

/**
 * How the database ends one side of a deadlock or a serialization conflict: that side's
 * transaction is rolled back whole, and may simply run again. Two groups run at once in
 * two processes (the nightly full reload beside the 15-minute sync, each claimed on its
 * own) write the same worklist rows: this step, and a full load's compare.
 */
const CONFLICT_CODES = new Set(['40P01', '40001', 'ER_LOCK_DEADLOCK']);

const isConflict = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  CONFLICT_CODES.has(String((error as { code?: unknown }).code));

/** Tries of the step when the database ends it to break a deadlock, each after a pause. */
const STEP_ATTEMPTS = 3;
const CONFLICT_PAUSE_MS = 200;

/**
 * The derived table an incremental load leaves to a step of its own (issue 33): the
 * worklist. Three mappings of the default group reach it (patients, the status history,
 * orders), and each computed its changed orders' rows afresh and rewrote those that moved,
 * in its own transaction: the same orders two or three times a run (at 110k patients, 1.3 s
 * of PostgreSQL's run and 1.9 s of MariaDB's, the status history's pass finding almost
 * nothing to write). Each load now adds the orders it changed to sync_worklist_pending in
 * its transaction, and this step computes their rows once: right after a lone mapping's
 * load, and after a group's last mapping (runner.ts). Until it commits, the worklist shows
 * those orders as the group found them; a step that fails leaves them pending for the next
 * run, which applies them whatever else it finds. The step stamps a new data version with
 * its commit, as every load does: the notification scan reads the worklist when the
 * version moves, and a version stamped by the loads alone was read before the worklist
 * had their changes.
 */
export const applyPendingDerived = async (
  loader: TLoader,
  portal: Kysely<Database>,
  onConflict?: (message: string) => void,
) => {
  const { rows } = await sql`SELECT 1 AS pending FROM ${sql.table(WORKLIST_PENDING)}
    LIMIT 1`.execute(portal);
  if (rows.length === 0) {
    return false;
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      await loader.derive([...worklistFlushSql(loader.dialect), ...stamp(Date.now())]);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isConflict(error) && attempt < STEP_ATTEMPTS) {
        onConflict?.(
          `The worklist step was rolled back to end a deadlock with another run (${message}); try ${attempt + 1} of ${STEP_ATTEMPTS}`,
        );
        await delay(CONFLICT_PAUSE_MS * attempt);
        continue;
      }
      throw new Error(
        `The loads committed, but the worklist could not be brought up to date (the next sync run tries again): ${message}`,
        { cause: error },
      );
    }
  }
};

/**
 * The step after a group's last mapping, also after a failure or a cancel (the loads that
 * committed are brought into the worklist), logged in the group's job. A failure is
 * returned for the group's outcome, not thrown.
 */
export const applyAfterGroup = async (
  loader: TLoader,
  portal: Kysely<Database>,
  log: (level: 'info' | 'warning' | 'error', message: string) => void,
): Promise<unknown> => {
  try {
    if (await applyPendingDerived(loader, portal, (message) => log('warning', message))) {
      log('info', 'Worklist brought up to date with the orders the loads changed');
    }
    return undefined;
  } catch (failure) {
    log('error', failure instanceof Error ? failure.message : String(failure));
    return failure;
  }
};
