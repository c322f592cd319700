import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { generateWarehouse } from '@portal/tools/warehouse/generate';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TPortalDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { ensureDefaultGroups } from '../../sync/groups';
import { openLoader } from '../../sync/load/index';
import type { TLoader } from '../../sync/load/types';
import { runGroupJob } from '../../sync/runner';
import { openDuckDbWarehouse } from '../../sync/warehouse/duckdb';
import { createTestDatabase, testDialects } from '../../test/databases';
import { searchPhone } from './search-kind';

/**
 * patient_phones (patient-phones.ts) after a sync load of the patients table: exactly each
 * patient's phone and mobile as the search reads a typed phone (search-kind.ts), per
 * payor, and again after the warehouse's phones change and the patients are loaded again.
 */
const expectPhonesMatchPatients = async (db: Kysely<Database>) => {
  const patients = await db
    .selectFrom('patients')
    .select(['patient_key', 'payor_key', 'phone', 'phone_mobile'])
    .where('payor_key', 'is not', null)
    .execute();
  const expected = new Set<string>();
  for (const patient of patients) {
    for (const phone of [patient.phone, patient.phone_mobile]) {
      const digits = phone === null ? undefined : searchPhone(phone);
      if (digits !== undefined) {
        expected.add(`${patient.payor_key ?? ''}|${digits}|${patient.patient_key}`);
      }
    }
  }
  const rows = await db.selectFrom('patient_phones').selectAll().execute();
  const actual = rows.map((row) => `${row.payor_key}|${row.digits}|${row.patient_key}`);
  expect(actual.length).toBeGreaterThan(50);
  expect(actual.sort()).toEqual([...expected].sort());
  return patients;
};

describe.each(testDialects())('the phone search table after a sync [%s]', (dialect) => {
  let dir = '';
  let file = '';
  let database: TPortalDatabase | undefined;
  let loader: TLoader | undefined;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'phones-warehouse-'));
    file = path.join(dir, 'warehouse.duckdb');
    await generateWarehouse({
      file,
      patients: 80,
      seed: 30,
      ordersPerPatient: 1,
      asOf: '2025-06-30',
    });
    const testDatabase = await createTestDatabase(dialect, { migrated: true });
    drop = testDatabase.drop;
    database = createDatabase(testDatabase.url);
    await migrateToLatest(database.db);
    await ensureDefaultGroups(database.db);
    loader = await openLoader(testDatabase.url);
  }, 120_000);

  afterAll(async () => {
    await loader?.close();
    await database?.destroy();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  const sync = async (groupId: string) => {
    const warehouse = await openDuckDbWarehouse(file);
    try {
      return await runGroupJob(
        { db: database!.db, warehouse, loader: loader!, destinationLabel: dialect },
        groupId,
      );
    } finally {
      await warehouse.close();
    }
  };

  it('holds every patient’s phone and mobile as 10 digits after a load, and follows a re-load', async () => {
    expect((await sync('patients')).status).toBe('completed');
    const before = await expectPhonesMatchPatients(database!.db);
    // Both spellings came through the warehouse.
    expect(before.some((patient) => patient.phone?.includes('-'))).toBe(true);
    expect(before.some((patient) => /^\d{10}$/.test(patient.phone ?? ''))).toBe(true);

    // Stamped as the ERP stamps a change, so the incremental patients mapping reads it.
    const STAMP = `LASTMODIFIED = TIMESTAMP '2031-01-01 00:00:00'`;
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    await connection.run(
      `UPDATE PERSONS SET PHONE = '(212) 555-0' || lpad((PERSONKEY % 1000)::VARCHAR, 3, '0') WHERE PERSONKEY % 3 = 0`.replace(
        ' WHERE',
        `, ${STAMP} WHERE`,
      ),
    );
    await connection.run(`UPDATE PERSONS SET PHONEMOBILE = NULL, ${STAMP} WHERE PERSONKEY % 2 = 0`);
    connection.closeSync();
    instance.closeSync();

    expect((await sync('patients')).status).toBe('completed');
    const after = await expectPhonesMatchPatients(database!.db);
    expect(after.some((patient) => patient.phone?.startsWith('(212)'))).toBe(true);
  }, 120_000);
});
