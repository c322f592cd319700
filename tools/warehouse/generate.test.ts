import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_INTAKE_PHRASES,
  PENDING_DOCUMENT_STATUSES,
  statusGroupOf,
} from '@portal/domain/order-status';
import { generateWarehouse } from './generate';

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

  it('writes upper-case ERP tables with latest and deleted flags that matter', async () => {
    const flags = await rows(`
      SELECT table_name, count(*) FILTER (WHERE column_name IN ('ISLATEST', 'ISDELETED')) AS flags
      FROM duckdb_columns() WHERE database_name = 'a' GROUP BY 1 ORDER BY 1`);
    expect(flags.map((row) => row.table_name)).toEqual([
      'ADDRESSES',
      'COMPANIES',
      'DOCTORS',
      'DOCUMENTS',
      'ITEMS',
      'PATIENTPAYORS',
      'PATIENTS',
      'PAYORS',
      'PERSONS',
      'SALESORDERITEMS',
      'SALESORDERS',
      'SALESORDERSTATUSHISTORY',
      'SOCLASSIFICATIONS',
      'STATES',
    ]);
    expect(flags.every((row) => Number(row.flags) === 2)).toBe(true);
    for (const table of ['PATIENTS', 'SALESORDERS', 'PATIENTPAYORS', 'PERSONS']) {
      expect(
        Number(await value(`SELECT count(*) FROM a.${table} WHERE NOT ISLATEST`)),
      ).toBeGreaterThan(0);
    }
    expect(
      Number(await value('SELECT count(*) FROM a.PATIENTS WHERE ISLATEST AND ISDELETED')),
    ).toBeGreaterThan(0);
    const latest = await value(
      'SELECT count(*) FROM (SELECT PATIENTKEY FROM a.PATIENTS WHERE ISLATEST GROUP BY 1 HAVING count(*) > 1)',
    );
    expect(Number(latest)).toBe(0);
    expect(Number(await value('SELECT count(DISTINCT PATIENTKEY) FROM a.PATIENTS'))).toBe(
      SIZE.patients,
    );
  });

  it('draws statuses from every group, with tracking numbers, carriers and intake phrases', async () => {
    const statuses = (await rows('SELECT DISTINCT STATUS FROM a.SALESORDERS')).map((row) =>
      String(row.STATUS),
    );
    const groups = new Set(statuses.map(statusGroupOf));
    expect(groups).toEqual(new Set(['shipped', 'pending_documents', 'in_progress', undefined]));
    expect(statuses.some((status) => status.startsWith('RCM - '))).toBe(true);
    expect(statuses.some((status) => status.startsWith('SOS - '))).toBe(true);
    expect(statuses).toEqual(expect.arrayContaining([...PENDING_DOCUMENT_STATUSES]));
    const carriers = (
      await rows('SELECT DISTINCT CARRIER FROM a.SALESORDERS WHERE CARRIER IS NOT NULL')
    ).map((row) => row.CARRIER);
    expect(carriers).toEqual(
      expect.arrayContaining(['UPS', 'USPS', 'FedEx', 'DHL', 'AmeriShip', 'OnTrac']),
    );
    const tracking = await rows(`SELECT
      count(*) FILTER (WHERE TRACKINGNUMBER = 'No Tracking') AS none,
      count(*) FILTER (WHERE TRACKINGNUMBER = '') AS empty,
      count(*) FILTER (WHERE TRACKINGNUMBER LIKE '1Z%') AS ups,
      count(DELIVERYDATE) AS delivered
      FROM a.SALESORDERS`);
    expect(Object.values(tracking[0]!).every((count) => Number(count) > 0)).toBe(true);
    const intake = (await rows('SELECT DISTINCT INTAKESTATUS FROM a.SALESORDERS')).map(
      (row) => row.INTAKESTATUS,
    );
    expect(intake).toEqual(expect.arrayContaining([...CONTACT_INTAKE_PHRASES]));
  });

  it('gives every order a status history that starts at creation and ends in its status', async () => {
    const broken = await value(`
      WITH h AS (
        SELECT SALESORDERKEY, arg_max(STATUS, ENTEREDAT) AS last_status, min(ENTEREDAT) AS first_at,
               count(*) FILTER (WHERE EXITEDAT IS NULL) AS open
        FROM a.SALESORDERSTATUSHISTORY GROUP BY 1)
      SELECT count(*) FROM a.SALESORDERS s LEFT JOIN h USING (SALESORDERKEY)
      WHERE s.ISLATEST AND (h.last_status IS DISTINCT FROM s.STATUS OR h.first_at <> s.DATECREATED OR h.open <> 1)`);
    expect(Number(broken)).toBe(0);
  });

  it('links patients to payors by level, with [Patient] self-pay entries', async () => {
    const levels = await rows(`
      SELECT pp.LEVELNAME, c.NAME = '[Patient]' AS self_pay, count(*) AS n
      FROM a.PATIENTPAYORS pp JOIN a.PAYORS p USING (PAYORKEY) JOIN a.COMPANIES c USING (COMPANYKEY)
      WHERE pp.ISLATEST AND NOT pp.ISDELETED GROUP BY ALL`);
    const has = (level: string, selfPay: boolean) =>
      levels.some((row) => row.LEVELNAME === level && row.self_pay === selfPay);
    expect(has('Primary', false) && has('Primary', true) && has('Secondary', true)).toBe(true);
    const primaries = await value(`
      SELECT count(*) FROM (SELECT PATIENTKEY FROM a.PATIENTPAYORS
      WHERE ISLATEST AND NOT ISDELETED AND PAYORLEVEL = 1 GROUP BY 1 HAVING count(*) = 1)`);
    expect(Number(primaries)).toBe(SIZE.patients);
  });
});
