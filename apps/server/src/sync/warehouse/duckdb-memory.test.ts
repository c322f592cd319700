import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriseError } from '@portal/domain/sync-errors';
import { openDuckDbWarehouse } from './duckdb';
import { WarehouseOutOfMemory, type TWarehouse } from './types';

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

  it('stops a query that cannot spill at the limit in the portal’s words, and answers the next', async () => {
    const warehouse = await openDuckDbWarehouse(file, { memoryLimitMb: 16 });
    try {
      // One string of three million values: an aggregate DuckDB cannot write to disk.
      const failure = await rowsOf(warehouse, `SELECT string_agg(V, ',') FROM T`).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(WarehouseOutOfMemory);
      const { message } = failure as Error;
      expect(message).toMatch(
        /^The warehouse query needed more memory than the warehouse's limit of 16 MB and was stopped \(Out of Memory Error: [^\n]+\)\. Ask an administrator to raise WAREHOUSE_MEMORY_MB, or narrow the query\.$/,
      );
      // DuckDB's advice names settings no mapping may change (the configuration is locked).
      expect(message).not.toContain('SET ');
      // Not a connection failure: the run is not retried for memory it will not get.
      expect(categoriseError(failure).category).toBe('unknown_error');
      expect(await rowsOf(warehouse, 'SELECT COUNT(*) FROM T')).toEqual([[3_000_000]]);
    } finally {
      await warehouse.close();
    }
  }, 60_000);
});
