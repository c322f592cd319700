import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWarehouse } from './generate';
import { WAREHOUSE_INVARIANTS } from './invariants';

const SIZE = { patients: 400, seed: 11, ordersPerPatient: 8, asOf: '2025-06-30' };

let dir: string;
let connection: DuckDBConnection;
let instance: DuckDBInstance;

const rows = async (sql: string) =>
  (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
const value = async (sql: string) => Object.values((await rows(sql))[0]!)[0];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'warehouse-gen-'));
  await generateWarehouse({ file: path.join(dir, 'a.duckdb'), ...SIZE });
  await generateWarehouse({ file: path.join(dir, 'b.duckdb'), ...SIZE });
  await generateWarehouse({ file: path.join(dir, 'c.duckdb'), ...SIZE, seed: 12 });
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
  for (const name of ['a', 'b', 'c']) {
    await connection.run(`ATTACH '${path.join(dir, `${name}.duckdb`)}' AS ${name} (READ_ONLY)`);
  }
});

afterAll(async () => {
  connection.closeSync();
  instance.closeSync();
  await rm(dir, { recursive: true, force: true });
});

describe('the warehouse generator', () => {
  it('gives the same warehouse for the same seed and a different one for another seed', async () => {
    const digest = (db: string, table: string) =>
      value(`SELECT sum(hash(t)) FROM ${db}.${table} t`);
    for (const table of ['PATIENTS', 'PERSONS', 'SALESORDERS', 'SALESORDERSTATUSHISTORY']) {
      expect(await digest('a', table)).toEqual(await digest('b', table));
    }
    expect(await digest('a', 'SALESORDERS')).not.toEqual(await digest('c', 'SALESORDERS'));
  });

  it.each(WAREHOUSE_INVARIANTS)('holds: %s', async (_name, check) => {
    await check({ rows, db: 'a', patients: SIZE.patients });
  });
});
