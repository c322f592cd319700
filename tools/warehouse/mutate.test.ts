import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWarehouse } from './generate';
import { WAREHOUSE_INVARIANTS } from './invariants';
import { mutateWarehouse, type TMutationSummary } from './mutate';
import { MUTATION_RATES } from './mutate-plan';
import { CURSOR_COLUMN, ERP_TABLES, ERP_TABLE_KEYS } from './tables';
import { ALL_STATUSES, nextStatus, WORKFLOW_STEPS } from './workflow';

const SIZE = { patients: 400, seed: 11, ordersPerPatient: 8, asOf: '2025-06-30' };
const AT = '2025-07-01T08:00:00.000Z';
const PERCENT = 5;

let dir: string;
let instance: DuckDBInstance;
let connection: DuckDBConnection;
let x: TMutationSummary;
let y: TMutationSummary;

const rows = async (sql: string) =>
  (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
const value = async (sql: string) => Number(Object.values((await rows(sql))[0]!)[0]);
const file = (name: string) => path.join(dir, `${name}.duckdb`);
const at = `TIMESTAMP '${AT.slice(0, 19).replace('T', ' ')}'`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'warehouse-mutate-'));
  await generateWarehouse({ file: file('before'), ...SIZE });
  for (const name of ['x', 'y', 'z']) {
    await copyFile(file('before'), file(name));
  }
  x = await mutateWarehouse({ file: file('x'), ordersPercent: PERCENT, seed: 7, at: AT });
  y = await mutateWarehouse({ file: file('y'), ordersPercent: PERCENT, seed: 7, at: AT });
  await mutateWarehouse({ file: file('z'), ordersPercent: PERCENT, seed: 8, at: AT });
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
  for (const name of ['before', 'x', 'y', 'z']) {
    await connection.run(`ATTACH '${file(name)}' AS ${name} (READ_ONLY)`);
  }
});

afterAll(async () => {
  connection.closeSync();
  instance.closeSync();
  await rm(dir, { recursive: true, force: true });
});

describe('the status workflow', () => {
  it('moves every status that is not final to a status the generator knows, ending paid', () => {
    for (const [, next] of WORKFLOW_STEPS) {
      expect(ALL_STATUSES).toContain(next);
    }
    const path = ['07 - New Intake Holds'];
    while (nextStatus(path.at(-1)!) && path.length < 20) {
      path.push(nextStatus(path.at(-1)!)!);
    }
    expect(path).toEqual([
      '07 - New Intake Holds',
      '11 - Intake Complete',
      '20 - Verify Insurance',
      '31 - Awaiting CMN (RX)',
      '38 - Ready For Review',
      '40 - Ready To Ship',
      'SOS - Shipped',
      'SOS - Delivered',
      'RCM - Billed',
      'RCM - Pending Payment',
      'RCM - Paid',
    ]);
    expect(nextStatus('X99 - Cancel Order')).toBeUndefined();
  });
});

describe('the warehouse mutation', () => {
  it('gives the same warehouse for the same seed and time, another for another seed', async () => {
    const digest = (db: string, table: string) =>
      value(`SELECT sum(hash(t)) FROM ${db}.${table} t`);
    for (const table of ERP_TABLES) {
      expect(await digest('x', table), table).toBe(await digest('y', table));
    }
    expect(y.tables).toEqual(x.tables);
    expect(x.at).toBe(AT);
    expect(await digest('x', 'SALESORDERS')).not.toBe(await digest('z', 'SALESORDERS'));
    expect(await digest('x', 'SALESORDERS')).not.toBe(await digest('before', 'SALESORDERS'));
  });

  it('changes about the asked share of orders and the other rows in proportion', async () => {
    const live = await value(
      'SELECT count(*) FROM before.SALESORDERS WHERE ISLATEST AND NOT ISDELETED',
    );
    const moves = Math.round(live * MUTATION_RATES.orderMoves * PERCENT);
    expect(x.counts.orderMoves).toBe(moves);
    expect(moves / live).toBeCloseTo(PERCENT / 100, 3);
    const { SALESORDERS, SALESORDERSTATUSHISTORY, PATIENTS, PERSONS } = x.tables;
    expect(SALESORDERS).toEqual({
      inserted: x.counts.newOrders,
      updated: moves,
      deleted: x.counts.orderDeletes,
      superseded: x.counts.orderSupersessions,
    });
    expect(SALESORDERSTATUSHISTORY.inserted).toBe(moves + x.counts.newOrders);
    expect(SALESORDERSTATUSHISTORY.updated).toBe(moves);
    expect(PATIENTS.inserted).toBe(x.counts.newPatients);
    expect(PERSONS).toEqual({
      inserted: x.counts.newPatients,
      updated: x.counts.phoneChanges,
      deleted: 0,
      superseded: 0,
    });
    // Each moved order went one step along the workflow.
    const moved = await rows(`
      SELECT b.STATUS AS old, a.STATUS AS new FROM before.SALESORDERS b
      JOIN x.SALESORDERS a ON a.SALESORDERKEY = b.SALESORDERKEY AND a.ISLATEST
      WHERE b.ISLATEST AND a.STATUS <> b.STATUS`);
    expect(moved).toHaveLength(moves);
    expect(moved.every((row) => nextStatus(String(row.old)) === row.new)).toBe(true);
  });

  it('stamps exactly the rows it wrote or changed with its time, later than every other', async () => {
    expect(
      await value(
        `SELECT greatest(${ERP_TABLES.map((table) => `(SELECT max(${CURSOR_COLUMN}) FROM before.${table})`).join(', ')}) < ${at}`,
      ),
    ).toBe(1);
    for (const table of ERP_TABLES) {
      const changes = x.tables[table];
      const stamped = await value(`SELECT count(*) FROM x.${table} WHERE ${CURSOR_COLUMN} = ${at}`);
      expect(stamped, table).toBe(
        changes.inserted + changes.updated + changes.deleted + 2 * changes.superseded,
      );
      const unchangedButDifferent = await value(`SELECT count(*) FROM (
        SELECT * FROM x.${table} WHERE ${CURSOR_COLUMN} < ${at} EXCEPT ALL SELECT * FROM before.${table})`);
      expect(unchangedButDifferent, table).toBe(0);
      const kept = await value(`SELECT count(*) FROM x.${table} WHERE ${CURSOR_COLUMN} < ${at}`);
      const before = await value(`SELECT count(*) FROM before.${table}`);
      expect(before - kept, table).toBe(changes.updated + changes.deleted + changes.superseded);
    }
  });

  it('supersedes keys with a new latest version and deletes rows by flag', async () => {
    for (const table of ['SALESORDERS', 'PATIENTS', 'ADDRESSES', 'PATIENTPAYORS'] as const) {
      const key = ERP_TABLE_KEYS[table];
      expect(x.tables[table].superseded, table).toBeGreaterThan(0);
      const versioned = await value(`
        SELECT count(*) FROM (SELECT ${key} FROM x.${table} WHERE ${CURSOR_COLUMN} = ${at}
        GROUP BY 1 HAVING count(*) FILTER (WHERE ISLATEST) = 1 AND count(*) FILTER (WHERE NOT ISLATEST) = 1)`);
      expect(versioned, table).toBe(x.tables[table].superseded);
    }
    for (const table of ['SALESORDERS', 'SALESORDERITEMS', 'PATIENTPAYORS'] as const) {
      expect(x.tables[table].deleted, table).toBeGreaterThan(0);
      const deleted = await value(
        `SELECT count(*) FROM x.${table} WHERE ISDELETED AND ${CURSOR_COLUMN} = ${at}`,
      );
      expect(deleted, table).toBe(x.tables[table].deleted);
    }
    // A deleted order takes its lines and history with it.
    const orphans = await value(`
      SELECT count(*) FROM x.SALESORDERITEMS l JOIN x.SALESORDERS s USING (SALESORDERKEY)
      WHERE s.ISLATEST AND s.ISDELETED AND s.${CURSOR_COLUMN} = ${at} AND NOT l.ISDELETED`);
    expect(orphans).toBe(0);
  });

  it.each(WAREHOUSE_INVARIANTS)('still holds: %s', async (_name, check) => {
    await check({ rows, db: 'x', patients: SIZE.patients + x.counts.newPatients });
  });

  it('rolls the whole mutation back when a statement fails half-way', async () => {
    await copyFile(file('before'), file('broken'));
    const writer = await DuckDBInstance.create(file('broken'));
    const edit = await writer.connect();
    // The order steps read EXITEDAT; the people steps before them succeed.
    await edit.run('ALTER TABLE SALESORDERSTATUSHISTORY RENAME COLUMN EXITEDAT TO CLOSEDAT');
    edit.closeSync();
    writer.closeSync();
    await expect(
      mutateWarehouse({ file: file('broken'), ordersPercent: PERCENT, seed: 7, at: AT }),
    ).rejects.toThrow(/EXITEDAT/);
    await connection.run(`ATTACH '${file('broken')}' AS broken (READ_ONLY)`);
    for (const table of ['PATIENTS', 'PERSONS', 'ADDRESSES', 'SALESORDERS']) {
      expect(
        await value(
          `SELECT count(*) FROM (SELECT * FROM broken.${table} EXCEPT ALL SELECT * FROM before.${table})`,
        ),
        table,
      ).toBe(0);
      expect(await value(`SELECT count(*) FROM broken.${table}`)).toBe(
        await value(`SELECT count(*) FROM before.${table}`),
      );
    }
  });

  it('refuses a time that is not after the last change; a later mutation stamps its own time', async () => {
    connection.closeSync();
    instance.closeSync();
    await expect(
      mutateWarehouse({ file: file('x'), ordersPercent: 1, at: '2025-06-30T12:00:00Z' }),
    ).rejects.toThrow(/is not after the warehouse's last change \(2025-07-01T08:00:00.000Z\)/);
    const again = await mutateWarehouse({
      file: file('x'),
      ordersPercent: 1,
      seed: 7,
      at: '2025-07-02T08:00:00Z',
    });
    expect(again.tables.SALESORDERS.updated).toBeGreaterThan(0);
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
    await connection.run(`ATTACH '${file('x')}' AS x (READ_ONLY)`);
    expect(
      await value(`SELECT count(*) FROM x.SALESORDERS WHERE ${CURSOR_COLUMN} > ${at}`),
    ).toBeGreaterThan(0);
    expect(
      await value(
        `SELECT max(${CURSOR_COLUMN}) = TIMESTAMP '2025-07-02 08:00:00' FROM x.SALESORDERS`,
      ),
    ).toBe(1);
  });
});
