import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDbWarehouse } from './duckdb';
import type { TWarehouse } from './types';

const rowsOf = async (warehouse: TWarehouse, sql: string) => {
  const result = await warehouse.query(sql);
  const rows: unknown[][] = [];
  for await (const batch of result.batches) {
    for (let row = 0; row < batch.rowCount; row += 1) {
      rows.push(batch.columns.map((column) => column[row]));
    }
  }
  return rows;
};

describe('the embedded warehouse’s memory (WAREHOUSE_MEMORY_MB)', () => {
  let dir = '';
  let file = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'warehouse-memory-'));
    file = path.join(dir, 'warehouse.duckdb');
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    await connection.run(
      `CREATE TABLE T AS SELECT i AS K, md5(i::VARCHAR) AS V FROM range(3000000) r(i)`,
    );
    connection.closeSync();
    instance.closeSync();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('holds its queries to the limit, spilling a join larger than it, and removes the spill on close', async () => {
    const warehouse = await openDuckDbWarehouse(file, { memoryLimitMb: 64 });
    // Its own spill directory (other test files' warehouses spill beside it in tmpdir).
    let spill: string;
    try {
      const [[limit, directory]] = (await rowsOf(
        warehouse,
        `SELECT current_setting('memory_limit'), current_setting('temp_directory')`,
      )) as [[string, string]];
      expect(limit).toMatch(/^6\d(\.\d+)? MiB$/);
      spill = directory;
      expect(path.basename(spill)).toMatch(/^portal-duckdb-/);
      // Three million distinct strings joined to themselves: well over 64 MB as a hash table.
      const [[matched]] = (await rowsOf(
        warehouse,
        `SELECT COUNT(*) FROM T a JOIN T b ON a.V = b.V`,
      )) as [[number]];
      expect(matched).toBe(3_000_000);
      expect(existsSync(spill)).toBe(true);
    } finally {
      await warehouse.close();
    }
    expect(existsSync(spill)).toBe(false);
  }, 120_000);
});
