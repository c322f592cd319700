import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestWarehouse } from '../../test/warehouse';
import { catalogueOf, catalogueRow, snowflakeCatalogueSql } from './catalogue';
import { openDuckDbWarehouse } from './duckdb';

const demoFile = useTestWarehouse({ patients: 10 });

describe("the DuckDB warehouse's catalogue", () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'catalogue-'));
    file = path.join(dir, 'shaped.duckdb');
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    for (const statement of [
      'CREATE TABLE ZETA (B VARCHAR NOT NULL, A INTEGER)',
      'CREATE SCHEMA ERP',
      'CREATE TABLE ERP.ALPHA (ID BIGINT, AMOUNT DECIMAL(10,2), SEEN DATE)',
      'CREATE VIEW OPEN_ZETA AS SELECT A, B FROM ZETA WHERE A > 0',
    ]) {
      await connection.run(statement);
    }
    connection.closeSync();
    instance.closeSync();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists tables and views by schema and name, columns in order, named as mappings name them', async () => {
    const warehouse = await openDuckDbWarehouse(file);
    try {
      expect(await warehouse.catalogue()).toEqual([
        {
          schema: 'ERP',
          name: 'ALPHA',
          path: 'ERP.ALPHA',
          columns: [
            { name: 'ID', type: 'BIGINT', nullable: true },
            { name: 'AMOUNT', type: 'DECIMAL(10,2)', nullable: true },
            { name: 'SEEN', type: 'DATE', nullable: true },
          ],
        },
        {
          schema: 'main',
          name: 'OPEN_ZETA',
          path: 'OPEN_ZETA',
          columns: [
            { name: 'A', type: 'INTEGER', nullable: true },
            { name: 'B', type: 'VARCHAR', nullable: true },
          ],
        },
        {
          schema: 'main',
          name: 'ZETA',
          path: 'ZETA',
          columns: [
            { name: 'B', type: 'VARCHAR', nullable: false },
            { name: 'A', type: 'INTEGER', nullable: true },
          ],
        },
      ]);
    } finally {
      await warehouse.close();
    }
  });

  it('reads the demo warehouse: every ERP table, no internal schema', async () => {
    const warehouse = await openDuckDbWarehouse(demoFile());
    try {
      const tables = await warehouse.catalogue();
      expect(tables.map((table) => table.name)).toEqual(
        expect.arrayContaining(['PATIENTS', 'PATIENTPAYORS', 'SALESORDERSTATUSHISTORY']),
      );
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set(['main']));
      const patients = tables.find((table) => table.name === 'PATIENTS')!;
      expect(patients.columns[0]).toEqual({ name: 'PATIENTKEY', type: 'BIGINT', nullable: true });
    } finally {
      await warehouse.close();
    }
  });
});

describe("the Snowflake warehouse's catalogue", () => {
  it('reads the configured database, without its INFORMATION_SCHEMA, in one query', () => {
    const text = snowflakeCatalogueSql('ERP_DB');
    expect(text).toContain('FROM "ERP_DB".INFORMATION_SCHEMA.COLUMNS');
    expect(text).toContain("WHERE TABLE_SCHEMA <> 'INFORMATION_SCHEMA'");
    expect(text).toContain('ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION');
    expect(snowflakeCatalogueSql('we"ird')).toContain('FROM "we""ird".INFORMATION_SCHEMA.COLUMNS');
    expect(snowflakeCatalogueSql(undefined)).toContain('FROM INFORMATION_SCHEMA.COLUMNS');
  });

  it('names tables of the configured schema bare and others SCHEMA.NAME', () => {
    const rows = [
      ['EXPORT', 'PAYORS', 'PAYORTYPE', 'TEXT', 'YES', 2],
      ['EXPORT', 'PAYORS', 'PAYORKEY', 'NUMBER(38,0)', 'NO', 1],
      ['ARCHIVE', 'PAYORS', 'PAYORKEY', 'NUMBER(38,0)', 'YES', 1],
      ['EXPORT', 'COMPANIES', 'NAME', 'TEXT', 'YES', 1],
    ].map(catalogueRow);
    expect(catalogueOf(rows, 'EXPORT')).toEqual([
      {
        schema: 'ARCHIVE',
        name: 'PAYORS',
        path: 'ARCHIVE.PAYORS',
        columns: [{ name: 'PAYORKEY', type: 'NUMBER(38,0)', nullable: true }],
      },
      {
        schema: 'EXPORT',
        name: 'COMPANIES',
        path: 'COMPANIES',
        columns: [{ name: 'NAME', type: 'TEXT', nullable: true }],
      },
      {
        schema: 'EXPORT',
        name: 'PAYORS',
        path: 'PAYORS',
        columns: [
          { name: 'PAYORKEY', type: 'NUMBER(38,0)', nullable: false },
          { name: 'PAYORTYPE', type: 'TEXT', nullable: true },
        ],
      },
    ]);
    // No configured schema: unqualified names would not resolve, so every path is qualified.
    expect(catalogueOf(rows, undefined).map((table) => table.path)).toEqual([
      'ARCHIVE.PAYORS',
      'EXPORT.COMPANIES',
      'EXPORT.PAYORS',
    ]);
  });
});
