import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { testDialects } from '../test/databases';
import { refilledTables } from './derived-changes';
import { runGroupJob } from './runner';
import { useSyncTestBed, useTestWarehouse } from './test-context';

const warehouseFile = useTestWarehouse();

/**
 * After a full load PostgreSQL vacuums and analyses the derived tables the load rewrote,
 * not only the loaded table: their first readers after a sync find statistics and a
 * visibility map whether or not autovacuum has come by (load/postgres.ts).
 */
describe.each(testDialects().filter((dialect) => dialect === 'postgres'))(
  'derived tables after a full sync [%s]',
  (dialect) => {
    const bed = useSyncTestBed(dialect, warehouseFile);

    it('has vacuumed and analysed every table a full load rewrote', async () => {
      const { context, database } = bed();
      const derived = [
        ...new Set(['patients', 'order_status_history', 'orders'].flatMap(refilledTables)),
      ];
      expect(derived).toContain('order_worklist');
      const summary = await runGroupJob(context, DEFAULT_FULL_SYNC_GROUP_ID);
      expect(summary.status).toBe('completed');

      // vacuum_count and analyze_count count the VACUUMs run by hand, never autovacuum's.
      const stats = await sql<{ relname: string; vacuums: string; analyzes: string }>`
        SELECT relname, vacuum_count AS vacuums, analyze_count AS analyzes
        FROM pg_stat_user_tables WHERE relname IN (${sql.join(derived)})`.execute(database.db);
      expect(stats.rows.map((row) => row.relname).sort()).toEqual([...derived].sort());
      for (const row of stats.rows) {
        expect(Number(row.vacuums), row.relname).toBeGreaterThan(0);
        expect(Number(row.analyzes), row.relname).toBeGreaterThan(0);
      }
    });
  },
);
