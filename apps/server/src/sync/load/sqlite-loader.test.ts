import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteFile } from '../../db/sqlite-driver';
import type { TBatch } from '../batch';
import { openSqliteLoader } from './sqlite';
import type { TLoader, TLoadMode } from './types';

/**
 * SQLite's loader (sync/load/sqlite.ts): the planner's statistics after a load (a replace
 * analyses its table; an upsert leaves them unless the table's size moved tenfold, or it
 * was never analysed), and an upsert's changed rows updated in place.
 */
describe('the SQLite loader', () => {
  let dir: string;
  let file: string;
  let loader: TLoader;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-statistics-'));
    file = path.join(dir, 'portal.db');
    const db = openSqliteFile(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE items (k text PRIMARY KEY, v text NOT NULL, w text)');
    db.exec('CREATE INDEX items_v ON items (v)');
    db.exec('CREATE INDEX items_w ON items (lower(w))');
    db.close();
    loader = openSqliteLoader(file);
  });

  afterEach(async () => {
    await loader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const load = async (
    mode: TLoadMode,
    from: number,
    rows: number,
    w: (key: number) => string | null = () => null,
  ) => {
    const columns = await loader.describe('items');
    const batch: TBatch = {
      rowCount: rows,
      columns: [
        Array.from({ length: rows }, (_, index) => `k${from + index}`),
        Array.from({ length: rows }, (_, index) => `v${(from + index) % 10}`),
        Array.from({ length: rows }, (_, index) => w(from + index)),
      ],
    };
    await loader.load({
      plan: { table: 'items', columns, mode, keyColumns: ['k'] },
      batches: (async function* () {
        yield batch;
      })(),
      verify: () => undefined,
    });
  };

  /** The row count sqlite_stat1 holds for the table's index, or undefined before any ANALYZE. */
  const analysedRows = () => {
    const db = openSqliteFile(file);
    try {
      const exists = db
        .prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'")
        .pluck()
        .get();
      const stat = exists
        ? (db.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'items_v'").pluck().get() as
            string | undefined)
        : undefined;
      return stat === undefined ? undefined : Number(stat.split(' ')[0]);
    } finally {
      db.close();
    }
  };

  it('analyses after a replace, and after an upsert only when it is needed', async () => {
    await load('upsert', 0, 500);
    // Never analysed: the first upsert does it.
    expect(analysedRows()).toBe(500);

    await load('replace', 0, 2000);
    expect(analysedRows()).toBe(2000);

    // An incremental run's share of the table: the statistics stand.
    await load('upsert', 1990, 50);
    expect(analysedRows()).toBe(2000);

    // Tenfold: analysed again.
    await load('upsert', 2040, 30_000);
    expect(analysedRows()).toBe(32_040);
  });

  it('updates the rows that changed in place, and inserts the new ones', async () => {
    await load('replace', 0, 10, (key) => `w${key}`);
    const read = () => {
      const db = openSqliteFile(file);
      try {
        return db.prepare('SELECT rowid AS id, k, v, w FROM items ORDER BY k').all() as {
          id: number;
          k: string;
          v: string;
          w: string | null;
        }[];
      } finally {
        db.close();
      }
    };
    const before = read();
    // k3's w moves (an expression index), k4 is staged as it is, k10 is new.
    await load('upsert', 3, 8, (key) => (key === 3 ? 'W3' : `w${key}`));
    const after = read();
    const row = (rows: typeof after, key: string) => rows.find((r) => r.k === key);
    expect(row(after, 'k3')).toEqual({ ...row(before, 'k3'), w: 'W3' });
    // Updated in place: the same rowid (a delete and insert would have taken a new one).
    expect(row(after, 'k3')?.id).toBe(row(before, 'k3')?.id);
    expect(row(after, 'k4')).toEqual(row(before, 'k4'));
    expect(row(after, 'k10')).toMatchObject({ v: 'v0', w: 'w10' });
    expect(after).toHaveLength(11);
    // The expression index follows the new value.
    const db = openSqliteFile(file);
    try {
      expect(
        db.prepare('SELECT k FROM items INDEXED BY items_w WHERE lower(w) = ?').pluck().all('w3'),
      ).toEqual(['k3']);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});
