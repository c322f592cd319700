import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteFile } from '../../db/sqlite-driver';
import type { TBatch } from '../batch';
import { openSqliteLoader } from './sqlite';
import type { TLoader, TLoadMode } from './types';

/**
 * The planner's statistics after a SQLite load (sync/load/sqlite.ts): a replace analyses
 * its table; an upsert (an incremental run's few changed rows) leaves them as they are
 * unless the table's size moved tenfold (PRAGMA optimize), or it was never analysed.
 */
describe('SQLite statistics after a load', () => {
  let dir: string;
  let file: string;
  let loader: TLoader;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-statistics-'));
    file = path.join(dir, 'portal.db');
    const db = openSqliteFile(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE items (k text PRIMARY KEY, v text NOT NULL)');
    db.exec('CREATE INDEX items_v ON items (v)');
    db.close();
    loader = openSqliteLoader(file);
  });

  afterEach(async () => {
    await loader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const load = async (mode: TLoadMode, from: number, rows: number) => {
    const columns = await loader.describe('items');
    const batch: TBatch = {
      rowCount: rows,
      columns: [
        Array.from({ length: rows }, (_, index) => `k${from + index}`),
        Array.from({ length: rows }, (_, index) => `v${(from + index) % 10}`),
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
});
