import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { generateWarehouse } from '@portal/tools/warehouse/generate';
import { afterAll, beforeAll } from 'vitest';

/** A small seeded warehouse for the suite, generated once in a temp dir. Read it inside tests. */
export const useTestWarehouse = (options: { patients?: number; seed?: number } = {}) => {
  let dir: string | undefined;
  let file: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-warehouse-'));
    file = path.join(dir, 'warehouse.duckdb');
    await generateWarehouse({
      file,
      patients: options.patients ?? 300,
      seed: options.seed ?? 5,
      ordersPerPatient: 6,
      asOf: '2025-06-30',
    });
  }, 60_000);
  afterAll(async () => {
    if (dir) {
      await rm(dir, { recursive: true, force: true });
    }
  });
  return (): string => {
    if (!file) {
      throw new Error('test warehouse is not ready; read it inside a test');
    }
    return file;
  };
};

/** Runs statements on a warehouse file, as the ERP changes it between syncs. */
export const changeTestWarehouse = async (file: string, ...statements: string[]) => {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    for (const statement of statements) {
      await connection.run(statement);
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
};
