import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDialect } from '../db/database';
import type { Database } from '../db/schema';
import { testDialects } from '../test/databases';
import { tableIndexes } from '../test/table-indexes';
import { DEFAULT_MAPPINGS } from './default-groups';
import { getJob } from './jobs';
import { openLoader } from './load/index';
import type { TLoader } from './load/types';
import { runMappingJob } from './runner';
import { syncMapping } from './sync-mapping';
import { useSyncTestBed, useTestWarehouse } from './test-context';
import type { TWarehouse } from './warehouse/types';

const warehouseFile = useTestWarehouse({ patients: 120 });

/** order_status_history rows from a DuckDB range; keys are prefix + i. */
const historyQuery = (prefix: string, rows: number, options: { nullKeyAt?: number } = {}) => `
  SELECT ${options.nullKeyAt === undefined ? `'${prefix}' || i` : `CASE WHEN i = ${options.nullKeyAt} THEN NULL ELSE '${prefix}' || i END`} AS status_history_key,
         (i % 97)::VARCHAR AS order_id, 'status ' || (i % 7) AS status,
         1700000000000 + i AS entered_at, NULL::BIGINT AS exited_at
  FROM range(${rows}) r(i)`;

const replaceHistory = (query: string) => ({
  mysql_table: 'order_status_history',
  type: 'sql_query',
  query,
  truncate_first: true,
});

/** A warehouse whose result stream breaks after some rows, as a dropped connection would. */
const failingAfter = (warehouse: TWarehouse, rows: number): TWarehouse => ({
  ...warehouse,
  query: async (query) => {
    const result = await warehouse.query(query);
    const batches = async function* () {
      let sent = 0;
      for await (const batch of result.batches) {
        if (sent >= rows) {
          throw new Error('injected failure half-way: connection reset by the warehouse');
        }
        sent += batch.rowCount;
        yield batch;
      }
    };
    return { columns: result.columns, batches: batches() };
  },
});

const countRows = async (db: Kysely<Database>, table: 'order_status_history' | 'payors') => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

const plantTrigger = async (db: Kysely<Database>, dialect: TDialect) => {
  if (dialect === 'sqlite') {
    await sql`CREATE TRIGGER plant AFTER INSERT ON so_classifications WHEN NEW.so_classification_key = '2'
      BEGIN UPDATE so_classifications SET name = 'tampered' WHERE so_classification_key = '2'; END`.execute(
      db,
    );
  } else if (dialect === 'mysql') {
    await sql`CREATE TRIGGER plant BEFORE INSERT ON so_classifications FOR EACH ROW
      SET NEW.name = IF(NEW.so_classification_key = '2', 'tampered', NEW.name)`.execute(db);
  } else {
    await sql`CREATE FUNCTION plant() RETURNS trigger AS $$ BEGIN
      IF NEW.so_classification_key = '2' THEN NEW.name := 'tampered'; END IF; RETURN NEW; END $$
      LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER plant BEFORE INSERT ON so_classifications FOR EACH ROW EXECUTE FUNCTION plant()`.execute(
      db,
    );
  }
};

const dropTrigger = async (db: Kysely<Database>, dialect: TDialect) => {
  await sql
    .raw(dialect === 'postgres' ? 'DROP TRIGGER plant ON so_classifications' : 'DROP TRIGGER plant')
    .execute(db);
};

describe.each(testDialects())('loading into the portal [%s]', (dialect) => {
  const bed = useSyncTestBed(dialect, warehouseFile);
  let smallStatements: TLoader;
  beforeAll(async () => {
    // Small statements so a failure half-way comes after many statements have run.
    smallStatements = await openLoader(bed().url, { rowsPerStatement: 500 });
  });
  afterAll(() => smallStatements.close());

  it('replaces a table atomically when the warehouse stream breaks half-way', async () => {
    const { warehouse, database } = bed();
    await syncMapping({
      mapping: replaceHistory(historyQuery('old-', 5000)),
      warehouse,
      loader: smallStatements,
    });
    const seenDuringLoad: number[] = [];
    let rowsBeforeFailure = 0;
    await expect(
      syncMapping({
        mapping: replaceHistory(historyQuery('new-', 10_000)),
        warehouse: failingAfter(warehouse, 6000),
        loader: smallStatements,
        onProgress: async (rows) => {
          rowsBeforeFailure = rows;
          // Another connection, as a dashboard request would read.
          seenDuringLoad.push(await countRows(database.db, 'order_status_history'));
        },
      }),
    ).rejects.toThrow('injected failure half-way');
    expect(rowsBeforeFailure).toBeGreaterThanOrEqual(6000);
    expect(rowsBeforeFailure).toBeLessThan(10_000);
    expect(new Set(seenDuringLoad)).toEqual(new Set([5000]));
    const keys = await database.db
      .selectFrom('order_status_history')
      .select('status_history_key')
      .execute();
    expect(keys).toHaveLength(5000);
    expect(keys.every((row) => row.status_history_key.startsWith('old-'))).toBe(true);
  });

  it('keeps the previous rows when the destination rejects a row half-way', async () => {
    const { warehouse, database } = bed();
    await expect(
      syncMapping({
        mapping: replaceHistory(historyQuery('bad-', 8000, { nullKeyAt: 6000 })),
        warehouse,
        loader: smallStatements,
      }),
    ).rejects.toThrow();
    const keys = await database.db
      .selectFrom('order_status_history')
      .select('status_history_key')
      .execute();
    expect(keys).toHaveLength(5000);
    expect(keys.every((row) => row.status_history_key.startsWith('old-'))).toBe(true);
  });

  it('round-trips awkward text exactly: quotes, backslashes, control characters, emoji', async () => {
    const { warehouse, database, loader } = bed();
    const awkward = [
      `O'Brien "Jr." \\ back\\slash`,
      'tab\tnew\nline\rcr',
      '{braces},[commas]',
      'NULL',
      'Zoë 😀 日本',
      '',
    ];
    const query = awkward
      .map(
        (text, index) =>
          `SELECT 'k${index}' AS so_classification_key, '${text.replaceAll("'", "''")}' AS name, NULL AS description`,
      )
      .join(' UNION ALL ');
    await syncMapping({
      mapping: {
        mysql_table: 'so_classifications',
        type: 'sql_query',
        query,
        truncate_first: true,
      },
      warehouse,
      loader,
    });
    const rows = await database.db
      .selectFrom('so_classifications')
      .select(['so_classification_key', 'name', 'description'])
      .orderBy('so_classification_key')
      .execute();
    expect(rows.map((row) => row.name)).toEqual(awkward);
    expect(rows.every((row) => row.description === null)).toBe(true);
  });

  it('upserts by key columns with the dialect’s native upsert', async () => {
    const { warehouse, database, loader } = bed();
    const payors = (from: number, to: number, name: string) =>
      `SELECT 'p' || i AS payor_key, 'c' || i AS company_key, '${name} ' || i AS company_name, NULL AS payor_type
       FROM range(${from}, ${to + 1}) r(i)`;
    await syncMapping({
      mapping: {
        mysql_table: 'payors',
        type: 'sql_query',
        query: payors(1, 10, 'Old'),
        truncate_first: true,
      },
      warehouse,
      loader,
    });
    const run = await syncMapping({
      mapping: {
        mysql_table: 'payors',
        type: 'sql_query',
        query: payors(6, 15, 'New'),
        use_upsert: true,
        key_columns: ['payor_key'],
      },
      warehouse,
      loader,
    });
    expect(run.mode).toBe('upsert');
    expect(run.reconciliation).toMatchObject({ sourceCount: 10, destinationCount: 10 });
    expect(run.reconciliation.destinationChecksum).toBe(run.reconciliation.sourceChecksum);
    const rows = await database.db
      .selectFrom('payors')
      .select(['payor_key', 'company_name'])
      .execute();
    const names = Object.fromEntries(rows.map((row) => [row.payor_key, row.company_name]));
    expect(Object.keys(names)).toHaveLength(15);
    expect(names).toMatchObject({
      p1: 'Old 1',
      p5: 'Old 5',
      p6: 'New 6',
      p10: 'New 10',
      p15: 'New 15',
    });
  });

  it('fails the job loudly and keeps the previous rows when reconciliation finds a planted mismatch', async () => {
    const { context, database } = bed();
    const first = await runMappingJob(context, DEFAULT_MAPPINGS.so_classifications);
    expect(first.status).toBe('completed');
    const before = await database.db
      .selectFrom('so_classifications')
      .selectAll()
      .orderBy('so_classification_key')
      .execute();
    await plantTrigger(database.db, dialect);
    try {
      const summary = await runMappingJob(context, DEFAULT_MAPPINGS.so_classifications);
      expect(summary.status).toBe('failed');
      expect(summary.error?.message).toMatch(
        /^Reconciliation failed for so_classifications: content checksum differs/,
      );
      const job = await getJob(database.db, summary.id);
      expect(job).toMatchObject({
        status: 'failed',
        source_count: before.length,
        destination_count: before.length,
      });
      expect(job!.source_checksum).not.toBe(job!.destination_checksum);
      expect(job!.error_message).toBe(summary.error?.message);
    } finally {
      await dropTrigger(database.db, dialect);
    }
    const after = await database.db
      .selectFrom('so_classifications')
      .selectAll()
      .orderBy('so_classification_key')
      .execute();
    expect(after).toEqual(before);
  });

  it('leaves planner statistics for the rows it loaded', async () => {
    const { warehouse, database } = bed();
    await syncMapping({
      mapping: replaceHistory(historyQuery('stats-', 3000)),
      warehouse,
      loader: smallStatements,
    });
    const { rows } = await (
      dialect === 'sqlite'
        ? sql<{
            n: number;
          }>`SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl = 'order_status_history'`
        : dialect === 'mysql'
          ? sql<{ n: number | string }>`SELECT n_rows AS n FROM mysql.innodb_table_stats
            WHERE database_name = DATABASE() AND table_name = 'order_status_history'`
          : sql<{
              n: number;
            }>`SELECT reltuples AS n FROM pg_class WHERE relname = 'order_status_history'`
    ).execute(database.db);
    expect(Number(rows[0]?.n ?? 0)).toBeGreaterThan(0);
  });

  it('leaves the table with the indexes it had after a replace, and after a failed one', async () => {
    const { warehouse, database } = bed();
    const migrated = await tableIndexes(database.db, dialect, 'order_status_history');
    // Its key and the indexes by order and by status (SQLite drops and rebuilds the last two).
    expect(migrated.length).toBeGreaterThanOrEqual(3);
    await syncMapping({
      mapping: replaceHistory(historyQuery('kept-', 4000)),
      warehouse,
      loader: smallStatements,
    });
    expect(await tableIndexes(database.db, dialect, 'order_status_history')).toEqual(migrated);
    // Refused when the rows move in: on SQLite after its indexes were dropped.
    await expect(
      syncMapping({
        mapping: replaceHistory(historyQuery('gone-', 4000, { nullKeyAt: 3000 })),
        warehouse,
        loader: smallStatements,
      }),
    ).rejects.toThrow();
    expect(await tableIndexes(database.db, dialect, 'order_status_history')).toEqual(migrated);
    expect(await countRows(database.db, 'order_status_history')).toBe(4000);
    // The rebuilt index serves its queries: a search by order reads it.
    const byOrder = await database.db
      .selectFrom('order_status_history')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('order_id', '=', '5')
      .executeTakeFirstOrThrow();
    expect(Number(byOrder.n)).toBe(Math.ceil((4000 - 5) / 97));
  });
});
