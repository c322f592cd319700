import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TTestDatabase } from '../../test/databases';
import type { TBatch, TDestinationColumn, TValue } from '../batch';
import { AWKWARD_TEXTS } from './copy-texts';
import { openMysqlLoader } from './mysql';
import type { TLoader, TLoadMode, TLoadStep } from './types';

/**
 * The LOAD DATA path against the INSERT path on a real MariaDB: the same awkward rows
 * loaded both ways into twin tables must read back identical, value for value, and equal
 * to what was sent. Types cover what the portal stores (text, bigint epoch ms, int,
 * double, decimal, 'YYYY-MM-DD' text) and what a mapping could point at (DATE, DATETIME,
 * a tinyint boolean).
 */
const TEXTS: (string | null)[] = [
  null,
  ...AWKWARD_TEXTS,
  'nul \0 byte',
  'ctrl-z \x1a',
  `O'Brien "Jr." \\0 \\Z`,
  'trailing spaces  ',
  'long '.repeat(3000),
];
const BIG = [0, -1, 1_700_000_000_000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, null];
const QTY = [0, 1, -1, 2_147_483_647, -2_147_483_648, null];
const RATIO = [2.5, -0.1, 1e-7, 123_456.789, 0.1 + 0.2, null, 1e21];
// 12.34567 rounds to the column's scale on both paths (a note, not a warning).
const AMOUNT = [12.34, -0.0001, 99_999.9999, 12.345_67, null];
const DAYS = ['2024-02-29', '1970-01-01', null, '9999-12-31'];
const TIMES = ['2024-02-29 13:45:01.123', '1970-01-01 00:00:00.000', null];
const FLAGS = [0, 1, null];

const DDL = `(
  k VARCHAR(64) NOT NULL PRIMARY KEY,
  txt TEXT NULL,
  name VARCHAR(255) NULL,
  big BIGINT NULL,
  qty INT NULL,
  ratio DOUBLE NULL,
  amount DECIMAL(14,4) NULL,
  day DATE NULL,
  at DATETIME(3) NULL,
  flag TINYINT(1) NULL
) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`;

type TRow = TValue[];

const rowsOf = (prefix: string, count: number, shift = 0): TRow[] =>
  Array.from({ length: count }, (_, index) => {
    const at = index + shift;
    const text = TEXTS[at % TEXTS.length] ?? null;
    return [
      `${prefix}${index}`,
      text,
      text === null ? null : text.slice(0, 255),
      BIG[at % BIG.length]!,
      QTY[at % QTY.length]!,
      RATIO[at % RATIO.length]!,
      AMOUNT[at % AMOUNT.length]!,
      DAYS[at % DAYS.length]!,
      TIMES[at % TIMES.length]!,
      FLAGS[at % FLAGS.length]!,
    ];
  });

const batchesOf = (rows: TRow[], size: number): TBatch[] => {
  const batches: TBatch[] = [];
  for (let from = 0; from < rows.length; from += size) {
    const slice = rows.slice(from, from + size);
    batches.push({
      rowCount: slice.length,
      columns: slice[0]!.map((_, column) => slice.map((row) => row[column]!)),
    });
  }
  return batches;
};

describe.each(testDialects().filter((dialect) => dialect === 'mysql'))(
  'LOAD DATA against INSERT [%s]',
  () => {
    let test: TTestDatabase | undefined;
    let admin: mysql.Connection | undefined;
    const warnings: string[] = [];
    let infile: TLoader | undefined;
    let insert: TLoader | undefined;
    let columns: TDestinationColumn[] = [];
    beforeAll(async () => {
      test = await createTestDatabase('mysql');
      // Exact text for every type: dates, big integers and decimals as the server prints them.
      admin = await mysql.createConnection({
        uri: test.url,
        charset: 'utf8mb4',
        dateStrings: true,
        supportBigNumbers: true,
        bigNumberStrings: true,
      });
      await admin.query(`CREATE TABLE via_infile ${DDL}`);
      await admin.query(`CREATE TABLE via_insert ${DDL}`);
      // Chunks of 7 rows over batches of 10, so rows span chunks and statements.
      infile = await openMysqlLoader(test.url, {
        rowsPerStatement: 7,
        warn: (message) => warnings.push(message),
      });
      insert = await openMysqlLoader(test.url, { rowsPerStatement: 7, rowPath: 'insert' });
      columns = await infile.describe('via_infile');
    }, 60_000);
    afterAll(async () => {
      await infile?.close();
      await insert?.close();
      await admin?.end();
      await test?.drop();
    });

    const load = (
      loader: TLoader,
      table: string,
      rows: TRow[] | (() => AsyncGenerator<TBatch>),
      mode: TLoadMode,
      after: TLoadStep[] = [],
    ) =>
      loader.load({
        plan: { table, columns, mode, keyColumns: mode === 'upsert' ? ['k'] : [] },
        batches:
          typeof rows === 'function'
            ? rows()
            : (async function* () {
                yield* batchesOf(rows, 10);
              })(),
        verify: () => undefined,
        after,
      });

    const both = async (rows: TRow[], mode: TLoadMode) => {
      await load(infile!, 'via_infile', rows, mode);
      await load(insert!, 'via_insert', rows, mode);
    };

    const read = async (table: string) => {
      const [rows] = await admin!.query({
        sql: `SELECT * FROM ${table} ORDER BY k`,
        rowsAsArray: true,
      });
      return rows as unknown[][];
    };

    const loadsWithLoadData = async () => {
      const [rows] = await admin!.query("SHOW GLOBAL STATUS LIKE 'Com_load'");
      return Number((rows as { Value: string }[])[0]!.Value);
    };

    const expectTwins = async (expected: TRow[]) => {
      const viaInfile = await read('via_infile');
      expect(viaInfile).toEqual(await read('via_insert'));
      expect(viaInfile).toHaveLength(expected.length);
      const byKey = new Map(expected.map((row) => [row[0], row]));
      for (const stored of viaInfile) {
        const sent = byKey.get(stored[0] as string)!;
        // Text exactly as sent, integers to the digit, NULL apart from ''.
        expect(stored.slice(0, 5)).toEqual([
          sent[0],
          sent[1],
          sent[2],
          sent[3] === null ? null : String(sent[3]),
          sent[4],
        ]);
        expect(stored[5]).toBe(sent[5]);
        expect(stored[7]).toBe(sent[7]);
        expect(stored[8]).toBe(sent[8]);
        expect(stored[9]).toBe(sent[9]);
      }
    };

    it('replaces with the same values as the INSERT path, through LOAD DATA', async () => {
      const rows = rowsOf('r', 60);
      const before = await loadsWithLoadData();
      // The server waits an hour, not 30 s, for a warehouse that pauses mid-statement.
      const patient: TLoadStep = {
        sql: 'SELECT @@net_read_timeout',
        check: { of: 'scalar', equals: 3600, error: (actual) => new Error(`${actual} s`) },
      };
      await load(infile!, 'via_infile', rows, 'replace', [patient]);
      await load(insert!, 'via_insert', rows, 'replace');
      expect(await loadsWithLoadData()).toBeGreaterThan(before);
      await expectTwins(rows);
      const [amounts] = await admin!.query(
        `SELECT amount FROM via_infile WHERE k IN ('r3', 'r4') ORDER BY k`,
      );
      expect(amounts).toEqual([{ amount: '12.3457' }, { amount: null }]);
    });

    it('upserts and appends with the same values as the INSERT path', async () => {
      const first = rowsOf('u', 30);
      await both(first, 'replace');
      const changed = rowsOf('u', 40, 5).slice(10);
      await both(changed, 'upsert');
      const added = rowsOf('a', 15, 2);
      await both(added, 'append');
      await expectTwins([...first.slice(0, 10), ...changed, ...added]);
    });

    it.each([
      ['a value the column cannot hold', 'big', '12 o’clock'],
      ['a date that does not exist', 'day', '2024-02-30'],
      ['a duplicate key', 'k', 'f1'],
      ['text longer than the column', 'name', 'x'.repeat(300)],
    ])('fails on %s, as INSERT does, and keeps the previous rows', async (_, name, value) => {
      const kept = rowsOf('k', 12);
      await both(kept, 'replace');
      const rows = rowsOf('f', 40);
      rows[33]![columns.findIndex((column) => column.name === name)] = value;
      await expect(load(insert!, 'via_insert', rows, 'replace')).rejects.toThrow();
      await expect(load(infile!, 'via_infile', rows, 'replace')).rejects.toThrow(/LOAD DATA/);
      await expectTwins(kept);
    });

    it('loads a never-filled table as a bulk insert, with the same values and checks', async () => {
      await admin!.query('CREATE TABLE bulk_infile LIKE via_infile');
      // The load's last step sees the session's checks back on.
      const checksOn: TLoadStep = {
        sql: 'SELECT @@unique_checks + @@foreign_key_checks',
        check: { of: 'scalar', equals: 2, error: () => new Error('checks left off') },
      };
      const duplicated = rowsOf('e', 30);
      duplicated[20]![0] = 'e3';
      await expect(load(infile!, 'bulk_infile', duplicated, 'replace')).rejects.toThrow(
        /LOAD DATA.*Duplicate entry 'e3'/,
      );
      expect(await read('bulk_infile')).toEqual([]);
      // The INSERT path (local_infile off) goes in as a bulk insert too, and fails the same.
      await admin!.query('CREATE TABLE bulk_insert LIKE via_infile');
      await expect(load(insert!, 'bulk_insert', duplicated, 'replace')).rejects.toThrow(
        /Duplicate entry 'e3'/,
      );
      expect(await read('bulk_insert')).toEqual([]);
      const rows = rowsOf('g', 30);
      await load(infile!, 'bulk_infile', rows, 'replace', [checksOn]);
      await load(insert!, 'via_insert', rows, 'replace');
      expect(await read('bulk_infile')).toEqual(await read('via_insert'));
    });

    it('streams more rows than the file stream holds unsent, in MiB chunks', async () => {
      // Default chunking; 12 MB of rows, three times what the stream may hold before a write waits.
      const wide = await openMysqlLoader(test!.url);
      const rows = Array.from({ length: 30_000 }, (_, index) => [
        `w${index}`,
        `${index} ${'wide row '.repeat(44)}`,
        null,
        index,
        null,
        null,
        null,
        null,
        null,
        null,
      ]);
      try {
        const result = await wide.load({
          plan: { table: 'via_infile', columns, mode: 'replace', keyColumns: [] },
          batches: (async function* () {
            yield* batchesOf(rows, 2048);
          })(),
          verify: (destination) => {
            expect(destination.count).toBe(rows.length);
          },
        });
        expect(result.rowsInserted).toBe(rows.length);
      } finally {
        await wide.close();
      }
      const [stored] = await admin!.query(
        'SELECT COUNT(*) AS count, SUM(big) AS total, MAX(LENGTH(txt)) AS widest FROM via_infile',
      );
      // Big numbers come back as strings on this connection.
      expect(stored).toEqual([
        { count: '30000', total: String((29_999 * 30_000) / 2), widest: String(6 + 9 * 44) },
      ]);
    });

    it('keeps the previous rows when the stream breaks after rows went out', async () => {
      const kept = rowsOf('s', 8);
      await both(kept, 'replace');
      const broken = async function* () {
        yield* batchesOf(rowsOf('b', 30), 10);
        throw new Error('warehouse connection lost');
      };
      await expect(load(infile!, 'via_infile', broken, 'replace')).rejects.toThrow(
        'warehouse connection lost',
      );
      await expectTwins(kept);
      // The connection is usable again: the next load goes through.
      const next = rowsOf('n', 5);
      await both(next, 'upsert');
      await expectTwins([...kept, ...next]);
    });

    it('loads through INSERT statements when the server has local_infile off', async () => {
      const [flag] = await admin!.query('SELECT @@GLOBAL.local_infile AS allowed');
      const allowed = Number((flag as { allowed: unknown }[])[0]!.allowed) === 1 ? 'ON' : 'OFF';
      const rows = rowsOf('o', 25);
      warnings.length = 0;
      try {
        // Server-wide: a concurrent load elsewhere falls back the same way, it does not fail.
        await admin!.query('SET GLOBAL local_infile = 0');
        await load(infile!, 'via_infile', rows, 'replace');
      } finally {
        await admin!.query(`SET GLOBAL local_infile = ${allowed}`);
      }
      // Said once, through the logger the loader was given (the portal's).
      expect(warnings).toEqual([expect.stringContaining('local_infile')]);
      await load(insert!, 'via_insert', rows, 'replace');
      await expectTwins(rows);
    });
  },
);
