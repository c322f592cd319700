import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { tableIndexes } from '../../test/table-indexes';
import { DEFAULT_MAPPINGS, wholeTableMapping } from '../default-groups';
import { syncMapping } from '../sync-mapping';
import { useSyncTestBed, useTestWarehouse } from '../test-context';
import type { TDestinationColumn } from '../batch';
import { emptyTableRebuild } from './pg-empty-table';

const warehouseFile = useTestWarehouse({ patients: 60 });

const HISTORY: TDestinationColumn[] = [
  { name: 'status_history_key', kind: 'text', dataType: 'varchar' },
  { name: 'order_id', kind: 'text', dataType: 'varchar' },
];

/**
 * A first load writes into a table with no rows, which PostgreSQL (./pg-empty-table.ts)
 * and MariaDB (InnoDB's bulk insert, ./mysql.ts) fill before building its indexes. On
 * every database the table must come out with the indexes and keys it was migrated with,
 * still refusing duplicates, and a failed first load must leave it as it was.
 */
describe.each(testDialects())('a first load into an empty table [%s]', (dialect) => {
  const bed = useSyncTestBed(dialect, warehouseFile);

  /** PostgreSQL's constraints too: a primary key must come back a primary key. */
  const keysOf = async (table: string) => {
    const { database } = bed();
    const indexes = await tableIndexes(database.db, dialect, table);
    if (dialect !== 'postgres') {
      return indexes;
    }
    const { rows } = await sql<{ line: string }>`
      SELECT conname || ' ' || pg_get_constraintdef(oid) AS line FROM pg_constraint
      WHERE conrelid = ${table}::regclass ORDER BY conname`.execute(database.db);
    return [...indexes, ...rows.map((row) => row.line)];
  };

  const countOf = async (table: 'orders' | 'order_status_history') => {
    const row = await bed()
      .database.db.selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('builds the indexes it was migrated with, and keeps them through the next load', async () => {
    const { database, warehouse, loader } = bed();
    const migrated = await keysOf('orders');
    expect(migrated.length).toBeGreaterThanOrEqual(5);
    expect(await countOf('orders')).toBe(0);
    const load = () =>
      syncMapping({
        mapping: wholeTableMapping(DEFAULT_MAPPINGS.orders!),
        warehouse,
        loader,
        portal: database.db,
      });
    for (const fill of ['empty table', 'full table']) {
      const run = await load();
      expect(run.reconciliation.destinationCount, fill).toBeGreaterThan(100);
      expect(await countOf('orders'), fill).toBe(run.reconciliation.destinationCount);
      expect(await keysOf('orders'), fill).toEqual(migrated);
    }
  });

  it('refuses a duplicate key in a first load and leaves the table empty, keys in place', async () => {
    const { loader } = bed();
    const migrated = await keysOf('order_status_history');
    expect(await countOf('order_status_history')).toBe(0);
    const rows = [
      ['h1', 'o1'],
      ['h2', 'o1'],
      ['h1', 'o2'],
    ];
    await expect(
      loader.load({
        plan: { table: 'order_status_history', columns: HISTORY, mode: 'replace', keyColumns: [] },
        batches: (async function* () {
          yield {
            rowCount: rows.length,
            columns: [rows.map((r) => r[0]!), rows.map((r) => r[1]!)],
          };
        })(),
        verify: () => undefined,
      }),
    ).rejects.toThrow();
    expect(await countOf('order_status_history')).toBe(0);
    expect(await keysOf('order_status_history')).toEqual(migrated);
  });
});

/** PostgreSQL's own check of which tables it may treat so. */
describe.each(testDialects().filter((dialect) => dialect === 'postgres'))(
  'which empty tables PostgreSQL fills before their indexes [%s]',
  (dialect) => {
    const bed = useSyncTestBed(dialect, warehouseFile);
    it('leaves the indexes of a table with rows, or one a foreign key references, in place', async () => {
      const { database, url } = bed();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const empty = await emptyTableRebuild(client, 'order_items');
        expect(empty?.drop.length).toBeGreaterThanOrEqual(1);
        expect(empty?.build).toHaveLength(empty!.drop.length);
        expect(await emptyTableRebuild(client, 'orders')).toBeDefined();
        await sql`INSERT INTO orders (order_id) VALUES ('o1')`.execute(database.db);
        expect(await emptyTableRebuild(client, 'orders')).toBeUndefined();
        await sql`CREATE TABLE first_load_refs (
          item varchar(64) REFERENCES order_items (order_item_key))`.execute(database.db);
        expect(await emptyTableRebuild(client, 'order_items')).toBeUndefined();
      } finally {
        await sql`DROP TABLE IF EXISTS first_load_refs`.execute(database.db);
        await client.end();
      }
    });
  },
);
