import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FULL_RELOAD_GROUP_ID, DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { mutateWarehouse } from '@portal/tools/warehouse/mutate';
import type { TDialect } from '../db/database';
import type { Database } from '../db/schema';
import { testDialects } from '../test/databases';
import { useTestWarehouse } from '../test/warehouse';
import { DEFAULT_MAPPINGS } from './default-groups';
import { applyPendingDerived } from './derived-later';
import { syncMapping } from './sync-mapping';
import { pairRuns, tableContents, useLiveAndReference } from './test-context';

/**
 * Two groups running at once in two processes write the same worklist rows, and the
 * database may end the worklist step as one side of a deadlock (derived-later.ts). Here
 * another transaction holds the rows the step must read and then waits for the pending
 * table the step holds. PostgreSQL's deadlock check runs first in the backend that waited
 * first, the step's, and rolls the step back; InnoDB rolls back the side with less to undo,
 * so on MariaDB the other side has first changed every order item (rolled back with it). The
 * step runs again and completes. SQLite has one writer, so it cannot deadlock.
 */
class Rollback extends Error {}

const waitFor = async (condition: () => Promise<boolean>) => {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await condition()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the step never waited for a lock');
};

/**
 * Whether some statement of the test's database waits for a lock. InnoDB's status is read
 * for MariaDB: information_schema.innodb_trx left out the waiting step, whose writes were
 * all to temporary tables.
 */
const someoneWaits = async (db: Kysely<Database>, dialect: TDialect) => {
  if (dialect === 'mysql') {
    const { rows } = await sql<{ Status: string }>`SHOW ENGINE INNODB STATUS`.execute(db);
    // The transactions now, not the latest deadlock's, which the status also describes;
    // those waiting, by their connections, which must be in this test's database (other
    // test files share the server).
    const now = /\nTRANSACTIONS\n-+\n([\s\S]*?)\n-+\nFILE I\/O/.exec(rows[0]!.Status);
    const waiting = now![1]!
      .split('---TRANSACTION')
      .filter((block) => block.includes('LOCK WAIT'))
      .map((block) => Number(/MariaDB thread id (\d+)/.exec(block)?.[1]));
    if (waiting.length === 0) {
      return false;
    }
    const { rows: here } = await sql<{ id: number }>`SELECT id FROM information_schema.processlist
      WHERE db = DATABASE() AND id IN (${sql.join(waiting)})`.execute(db);
    return here.length > 0;
  }
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
  return rows[0]!.n > 0;
};

/** How each database names the deadlock it ended. */
const DEADLOCK_MESSAGES: Partial<Record<TDialect, string>> = {
  postgres: 'deadlock detected',
  mysql: 'Deadlock found when trying to get lock; try restarting transaction',
};

describe.each(testDialects().filter((dialect) => dialect !== 'sqlite'))(
  'the worklist step ended to break a deadlock [%s]',
  (dialect) => {
    const warehouseFile = useTestWarehouse({ patients: 120, seed: 9 });
    const portals = useLiveAndReference(dialect);
    const live = () => portals.live.database.db;
    const { withWarehouse, runGroup } = pairRuns(dialect, portals, warehouseFile);

    it('runs again after the database rolls it back, and completes', async () => {
      expect((await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID)).status).toBe('completed');
      await mutateWarehouse({
        file: warehouseFile(),
        ordersPercent: 20,
        seed: 2,
        at: '2025-09-01T08:00:00Z',
      });
      await withWarehouse((warehouse) =>
        syncMapping({
          mapping: DEFAULT_MAPPINGS.orders!,
          warehouse,
          loader: portals.live.loader,
          portal: live(),
          deferDerived: true,
        }),
      );
      const { rows: held } = await sql<{ order_id: string }>`
        SELECT w.order_id FROM order_worklist w
        WHERE w.order_id IN (SELECT order_id FROM sync_worklist_pending)`.execute(live());
      expect(held.length).toBeGreaterThan(0);

      const conflicts: string[] = [];
      let step: Promise<boolean> | undefined;
      const other = live()
        .transaction()
        .execute(async (trx) => {
          if (dialect === 'mysql') {
            await sql`UPDATE order_items SET quantity = quantity + 1`.execute(trx);
          }
          await sql`SELECT order_id FROM order_worklist
            WHERE order_id IN (${sql.join(held.map((row) => row.order_id))}) FOR UPDATE`.execute(
            trx,
          );
          step = applyPendingDerived(portals.live.loader, live(), (message) =>
            conflicts.push(message),
          );
          await waitFor(() => someoneWaits(live(), dialect));
          // Now this side waits for the step, which waits for this side.
          await sql`INSERT INTO sync_worklist_pending (order_id) VALUES ('no-such-order')`.execute(
            trx,
          );
          throw new Rollback();
        });
      await expect(other).rejects.toBeInstanceOf(Rollback);
      expect(await step).toBe(true);
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]).toBe(
        `The worklist step was rolled back to end a deadlock with another run (${DEADLOCK_MESSAGES[dialect]}); try 2 of 3`,
      );

      const { rows: left } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n
        FROM sync_worklist_pending`.execute(live());
      expect(Number(left[0]!.n)).toBe(0);
      // The rest of the warehouse's changes, then the worklist a full reload writes.
      expect((await runGroup('live', DEFAULT_FULL_SYNC_GROUP_ID)).status).toBe('completed');
      expect((await runGroup('reference', DEFAULT_FULL_RELOAD_GROUP_ID)).status).toBe('completed');
      for (const table of ['order_worklist', 'order_worklist_counts']) {
        expect(await tableContents(portals.live.database, table)).toEqual(
          await tableContents(portals.reference.database, table),
        );
      }
    }, 120_000);
  },
);
