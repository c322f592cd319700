import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { stamp } from '../modules/analytics/summaries';
import { WORKLIST_PENDING, worklistFlushSql } from '../modules/worklist/summary-changes';
import type { TLoader } from './load/types';

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
export const applyPendingDerived = async (loader: TLoader, portal: Kysely<Database>) => {
  const { rows } = await sql`SELECT 1 AS pending FROM ${sql.table(WORKLIST_PENDING)}
    LIMIT 1`.execute(portal);
  if (rows.length === 0) {
    return false;
  }
  try {
    await loader.derive([...worklistFlushSql(loader.dialect), ...stamp(Date.now())]);
  } catch (error) {
    throw new Error(
      `The loads committed, but the worklist could not be brought up to date (the next sync run tries again): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return true;
};

/**
 * The step after a group's last mapping, also after a failure or a cancel (the loads that
 * committed are brought into the worklist), logged in the group's job. A failure is
 * returned for the group's outcome, not thrown.
 */
export const applyAfterGroup = async (
  loader: TLoader,
  portal: Kysely<Database>,
  log: (level: 'info' | 'error', message: string) => void,
): Promise<unknown> => {
  try {
    if (await applyPendingDerived(loader, portal)) {
      log('info', 'Worklist brought up to date with the orders the loads changed');
    }
    return undefined;
  } catch (failure) {
    log('error', failure instanceof Error ? failure.message : String(failure));
    return failure;
  }
};
