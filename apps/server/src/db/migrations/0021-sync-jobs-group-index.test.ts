import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import type { TDialect } from '../database';
import { down, up } from './0021-sync-jobs-group-index';

const INDEX = 'sync_jobs_group_start_idx';

/** The columns of the index in order, from each dialect's own catalogue; [] when absent. */
const indexColumns = async (db: Kysely<unknown>, dialect: TDialect) => {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{
      name: string;
    }>`SELECT name FROM pragma_index_info(${INDEX}) ORDER BY seqno`.execute(db);
    return rows.map((row) => row.name);
  }
  if (dialect === 'mysql') {
    const { rows } = await sql<{
      name: string;
    }>`SELECT COLUMN_NAME AS name FROM information_schema.statistics
      WHERE table_schema = DATABASE() AND table_name = 'sync_jobs' AND index_name = ${INDEX}
      ORDER BY SEQ_IN_INDEX`.execute(db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`SELECT a.attname AS name
    FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid
    JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) ON true
    JOIN pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
    WHERE c.relname = ${INDEX} ORDER BY k.n`.execute(db);
  return rows.map((row) => row.name);
};

describe.each(testDialects())('migration 0021, the group runs index [%s]', (dialect) => {
  const portal = useTestPortal(dialect, { SCHEDULER_TICK_MS: '0' });

  it('indexes sync_jobs by group and start time, and down() drops it', async () => {
    const db = portal().database.db as unknown as Kysely<unknown>;
    expect(await indexColumns(db, dialect)).toEqual(['group_id', 'start_time']);
    await down(db);
    expect(await indexColumns(db, dialect)).toEqual([]);
    await up(db);
    expect(await indexColumns(db, dialect)).toEqual(['group_id', 'start_time']);
  });
});
