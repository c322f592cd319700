import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startPortal } from '../server';

describe('first start of the embedded portal', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-first-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const config = () =>
    loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', WAREHOUSE_PATIENTS: '250' });

  it('generates a warehouse, syncs it and ties the demo accounts; a restart reuses both', async () => {
    const first = await startPortal(config(), { logger: false });
    let warehouseTime: number;
    try {
      expect(first.firstStart?.generated?.file).toBe(path.join(dataDir, 'warehouse.duckdb'));
      expect(first.firstStart?.sync?.status).toBe('completed');
      warehouseTime = (await stat(path.join(dataDir, 'warehouse.duckdb'))).mtimeMs;

      const health = await first.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({
        status: 'ok',
        warehouse: { kind: 'duckdb', status: 'ready' },
      });
      expect(health.json<{ warehouse: { last_sync: unknown } }>().warehouse.last_sync).toBeTypeOf(
        'number',
      );

      const db = first.database.db;
      const patients = await db.selectFrom('patients').select('patient_key').execute();
      expect(patients.length).toBeGreaterThan(200);
      const orders = await db.selectFrom('orders').select('order_id').execute();
      expect(orders.length).toBeGreaterThan(patients.length);

      const users = await db
        .selectFrom('users')
        .select(['role', 'payor_key', 'patient_key'])
        .execute();
      const { payorKey, patientKey } = first.firstStart!.ties!;
      expect(users.every((user) => user.payor_key === payorKey)).toBe(true);
      expect(users.find((user) => user.role === 'patient')?.patient_key).toBe(patientKey);
      // The busiest real payor, not the self-pay pseudo-payor.
      const counts = await db
        .selectFrom('patients')
        .innerJoin('payors', 'payors.payor_key', 'patients.payor_key')
        .select([
          'patients.payor_key',
          'payors.company_name',
          (eb) => eb.fn.countAll<number | string>().as('n'),
        ])
        .groupBy(['patients.payor_key', 'payors.company_name'])
        .execute();
      const best = counts
        .filter((row) => row.company_name !== '[Patient]')
        .sort((a, b) => Number(b.n) - Number(a.n))[0]!;
      expect(payorKey).toBe(best.payor_key);
      const patient = await db
        .selectFrom('patients')
        .select('payor_key')
        .where('patient_key', '=', patientKey)
        .executeTakeFirstOrThrow();
      expect(patient.payor_key).toBe(payorKey);
      // That payor's patient with the most orders, counted here from the orders themselves.
      const perPatient = new Map<string, number>();
      const payorOrders = await db
        .selectFrom('orders')
        .innerJoin('patients', 'patients.patient_key', 'orders.patient_key')
        .select('orders.patient_key')
        .where('patients.payor_key', '=', payorKey)
        .execute();
      for (const { patient_key: key } of payorOrders) {
        perPatient.set(key!, (perPatient.get(key!) ?? 0) + 1);
      }
      const most = Math.max(...perPatient.values());
      expect(perPatient.get(patientKey)).toBe(most);
      expect(patientKey).toBe(
        [...perPatient]
          .filter(([, n]) => n === most)
          .map(([key]) => key)
          .sort()[0],
      );
    } finally {
      await first.stop();
    }

    const second = await startPortal(config(), { logger: false });
    try {
      expect(second.firstStart?.generated).toBeUndefined();
      expect(second.firstStart?.sync).toBeUndefined();
      expect((await stat(path.join(dataDir, 'warehouse.duckdb'))).mtimeMs).toBe(warehouseTime);
      const groupJobs = await second.database.db
        .selectFrom('sync_jobs')
        .select('id')
        .where('type', '=', 'group')
        .execute();
      expect(groupJobs).toHaveLength(1);
      // The accounts keep their ties, read back rather than counted again.
      expect(second.firstStart?.ties).toEqual(first.firstStart?.ties);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
