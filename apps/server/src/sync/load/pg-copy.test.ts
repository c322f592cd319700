import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TPortalDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { createTestDatabase, testDialects } from '../../test/databases';
import type { TBatch, TDestinationColumn, TValue } from '../batch';
import { addBatch, emptyChecksum, formatChecksum } from '../checksum';
import { openLoader } from './index';
import type { TDestinationState, TLoader, TLoadMode } from './types';
import { AWKWARD_TEXTS } from './copy-texts';

/**
 * The values PostgreSQL's COPY text format must escape or tell apart (NULL from '', a
 * literal \N from NULL, tabs, line ends, backslashes), Unicode, the integers the ERP sends
 * (epoch ms, the largest safe integer, negatives) and 'YYYY-MM-DD' dates, loaded through
 * the real loader and read back exactly. On every dialect, so the three loaders agree.
 */
const TEXTS: (string | null)[] = [null, ...AWKWARD_TEXTS, `O'Brien "Jr." {braces}, [brackets]`];
const BIG: (number | null)[] = [
  0,
  -1,
  1_700_000_000_000,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  null,
  253_402_300_799_999,
];
const DATES: (string | null)[] = ['2024-02-29', '1970-01-01', null, '9999-12-31'];

const HISTORY: TDestinationColumn[] = [
  { name: 'status_history_key', kind: 'text', dataType: 'varchar' },
  { name: 'order_id', kind: 'text', dataType: 'varchar' },
  { name: 'status', kind: 'text', dataType: 'varchar' },
  { name: 'entered_at', kind: 'integer', dataType: 'int8' },
  { name: 'exited_at', kind: 'integer', dataType: 'int8' },
];
const ITEMS: TDestinationColumn[] = [
  { name: 'order_item_key', kind: 'text', dataType: 'varchar' },
  { name: 'item_name', kind: 'text', dataType: 'varchar' },
  { name: 'quantity', kind: 'integer', dataType: 'int4' },
];

type TRow = Record<string, TValue>;

const historyRows = (prefix: string, count: number): TRow[] =>
  Array.from({ length: count }, (_, index) => ({
    status_history_key: `${prefix}${index}`,
    order_id: DATES[index % DATES.length]!,
    status: TEXTS[index % TEXTS.length]!,
    entered_at: BIG[index % BIG.length]!,
    exited_at: BIG[(index + 3) % BIG.length]!,
  }));

/** Rows as the warehouse delivers them: column arrays in batches of `size`. */
const batchesOf = (rows: TRow[], columns: TDestinationColumn[], size: number): TBatch[] => {
  const batches: TBatch[] = [];
  for (let from = 0; from < rows.length; from += size) {
    const slice = rows.slice(from, from + size);
    batches.push({
      rowCount: slice.length,
      columns: columns.map((column) => slice.map((row) => row[column.name] ?? null)),
    });
  }
  return batches;
};

const checksumOf = (rows: TRow[], columns: TDestinationColumn[]) => {
  const state = emptyChecksum();
  for (const batch of batchesOf(rows, columns, 1000)) {
    addBatch(state, batch);
  }
  return formatChecksum(state);
};

describe.each(testDialects())('loading awkward values [%s]', (dialect) => {
  let portal: TPortalDatabase | undefined;
  let loader: TLoader | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const test = await createTestDatabase(dialect, { migrated: true });
    drop = test.drop;
    portal = createDatabase(test.url);
    await migrateToLatest(portal.db);
    // Its own connection, as in a sync run; chunks of 7 rows, so batches span several.
    loader = await openLoader(test.url, { rowsPerStatement: 7 });
  }, 60_000);
  afterAll(async () => {
    await loader?.close();
    await portal?.destroy();
    await drop?.();
  });
  const database = () => portal!;

  const load = async (
    table: string,
    columns: TDestinationColumn[],
    rows: TRow[],
    mode: TLoadMode,
    keyColumns: string[] = [],
  ) => {
    let seen: TDestinationState | undefined;
    const progress: number[] = [];
    const batches = batchesOf(rows, columns, 10);
    const result = await loader!.load({
      plan: { table, columns, mode, keyColumns },
      batches: (async function* () {
        yield* batches;
      })(),
      onBatch: (count) => {
        progress.push(count);
      },
      verify: (destination) => {
        seen = destination;
      },
    });
    return { result, seen: seen!, progress };
  };

  const historyTable = () =>
    database()
      .db.selectFrom('order_status_history')
      .select(['status_history_key', 'order_id', 'status', 'entered_at', 'exited_at'])
      .execute();

  const byKey = <T extends TRow>(rows: T[], key: string) =>
    [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key])));

  it('replaces with every awkward value intact and the checksum the source computes', async () => {
    const rows = historyRows('r', 60);
    const { result, seen, progress } = await load('order_status_history', HISTORY, rows, 'replace');
    expect(result.rowsInserted).toBe(60);
    expect(progress).toEqual([10, 20, 30, 40, 50, 60]);
    expect(seen.count).toBe(60);
    expect(formatChecksum(seen.checksum!)).toBe(checksumOf(rows, HISTORY));
    const stored = await historyTable();
    expect(byKey(stored, 'status_history_key')).toEqual(byKey(rows, 'status_history_key'));
    // NULL and '' stay apart; a literal \N is text, not NULL.
    const statusOf = (key: string) => stored.find((row) => row.status_history_key === key)?.status;
    expect(statusOf('r0')).toBeNull();
    expect(statusOf('r1')).toBe('');
    expect(statusOf('r4')).toBe('\\N');
    const inspected = await loader!.inspect('order_status_history', HISTORY);
    expect(formatChecksum(inspected.checksum!)).toBe(checksumOf(rows, HISTORY));
  });

  it('upserts awkward values through the staging table', async () => {
    const first = historyRows('u', 20);
    await load('order_status_history', HISTORY, first, 'replace');
    const changed = historyRows('u', 30)
      .slice(10)
      .map((row, index) => ({ ...row, status: TEXTS[(index + 5) % TEXTS.length]! }));
    const { seen } = await load('order_status_history', HISTORY, changed, 'upsert', [
      'status_history_key',
    ]);
    expect(seen.count).toBe(20);
    expect(formatChecksum(seen.checksum!)).toBe(checksumOf(changed, HISTORY));
    const expected = [...first.slice(0, 10), ...changed];
    expect(byKey(await historyTable(), 'status_history_key')).toEqual(
      byKey(expected, 'status_history_key'),
    );
  });

  it('loads 32-bit integers, and appends', async () => {
    const items = Array.from({ length: 12 }, (_, index) => ({
      order_item_key: `i${index}`,
      item_name: TEXTS[index]!,
      quantity: [0, 1, -1, 2_147_483_647, -2_147_483_648, null][index % 6]!,
    }));
    await load('order_items', ITEMS, items.slice(0, 5), 'replace');
    const { seen } = await load('order_items', ITEMS, items.slice(5), 'append');
    expect(seen).toEqual({ count: 7, checksum: undefined });
    const stored = await database()
      .db.selectFrom('order_items')
      .select(['order_item_key', 'item_name', 'quantity'])
      .execute();
    expect(byKey(stored, 'order_item_key')).toEqual(byKey(items, 'order_item_key'));
  });

  it('rejects a value the column cannot hold and keeps the previous rows', async () => {
    const before = await historyTable();
    const rows = historyRows('bad', 40);
    // SQLite stores text in an integer column as it is; a NULL key it refuses too.
    if (dialect === 'sqlite') {
      rows[33]!.status_history_key = null;
    } else {
      rows[33]!.entered_at = '12 o’clock';
    }
    await expect(load('order_status_history', HISTORY, rows, 'replace')).rejects.toThrow();
    expect(byKey(await historyTable(), 'status_history_key')).toEqual(
      byKey(before, 'status_history_key'),
    );
    // The connection is usable again: the next load goes through.
    const next = historyRows('next', 3);
    const { seen } = await load('order_status_history', HISTORY, next, 'replace');
    expect(seen.count).toBe(3);
  });

  it('keeps the previous rows when the progress callback fails mid-load', async () => {
    const before = await historyTable();
    const batches = batchesOf(historyRows('cb', 50), HISTORY, 10);
    await expect(
      loader!.load({
        plan: { table: 'order_status_history', columns: HISTORY, mode: 'replace', keyColumns: [] },
        batches: (async function* () {
          yield* batches;
        })(),
        onBatch: (count) => {
          if (count >= 30) {
            throw new Error('progress store unavailable');
          }
        },
        verify: () => undefined,
      }),
    ).rejects.toThrow('progress store unavailable');
    expect(byKey(await historyTable(), 'status_history_key')).toEqual(
      byKey(before, 'status_history_key'),
    );
  });
});
