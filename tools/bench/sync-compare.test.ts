import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  type TDialect,
  type TPortalDatabase,
} from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { compareDatabases } from './sync-compare';
import { createSyncTarget, DEFAULT_SERVERS, type TSyncTarget } from './sync-targets';

/**
 * bench:sync --check's comparison on each database: the same rows inserted in another
 * order are identical; one changed value is found, its table and row named, and a
 * comparison that stops half-way through a table still closes its connections.
 */
const DOCTORS = 3000;

const doctor = (index: number, city = `City ${index % 17}`) => ({
  doctor_key: `D${String(index).padStart(6, '0')}`,
  first_name: `First ${index}`,
  last_name: index % 5 === 0 ? null : `Last\t${index}\n`,
  npi: String(1_000_000_000 + index),
  phone: null,
  street: `${index} Main St`,
  suite: null,
  city,
  state: 'TX',
  zip: '75001',
});

describe.each<TDialect>(['sqlite', 'postgres', 'mysql'])(
  'bench:sync comparison [%s]',
  (dialect) => {
    let dir: string;
    const targets: TSyncTarget[] = [];
    const databases: TPortalDatabase[] = [];

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-sync-test-'));
      for (const purpose of ['live', 'reference']) {
        const target = await createSyncTarget(dialect, { dir, purpose, servers: DEFAULT_SERVERS });
        targets.push(target);
        const database = createDatabase(target.url);
        databases.push(database);
        await migrateToLatest(database.db);
      }
      const rows = Array.from({ length: DOCTORS }, (_, index) => doctor(index));
      for (const [index, database] of databases.entries()) {
        const ordered = index === 0 ? rows : [...rows].reverse();
        for (let start = 0; start < ordered.length; start += 500) {
          await database.db
            .insertInto('doctors')
            .values(ordered.slice(start, start + 500))
            .execute();
        }
      }
    }, 120_000);

    afterAll(async () => {
      for (const database of databases) {
        await database.destroy();
      }
      for (const target of targets) {
        await target.drop();
      }
      await rm(dir, { recursive: true, force: true });
    }, 60_000);

    it('finds the same rows in another order identical', async () => {
      const result = await compareDatabases(targets[0]!.url, targets[1]!.url);
      expect(result.difference).toBeUndefined();
      expect(result.differing).toEqual([]);
      expect(result.tables).toContainEqual({ table: 'doctors', rows: DOCTORS });
      expect(result.tables.map((t) => t.table)).not.toContain('sync_jobs');
    });

    it('names the table and the first row that differ', async () => {
      await databases[1]!.db
        .updateTable('doctors')
        .set({ city: 'Elsewhere' })
        .where('doctor_key', '=', doctor(0).doctor_key)
        .execute();
      const result = await compareDatabases(targets[0]!.url, targets[1]!.url);
      expect(result.differing).toEqual([
        `doctors (${DOCTORS.toLocaleString('en-US')} rows against ${DOCTORS.toLocaleString('en-US')})`,
      ]);
      expect(result.difference).toMatch(/^doctors, sorted row 1: incremental .*D000000.*City 0/);
      expect(result.difference).toContain('Elsewhere');
      // The connections were closed after the comparison stopped half-way: a second one works.
      expect((await compareDatabases(targets[0]!.url, targets[1]!.url)).differing).toHaveLength(1);
    });
  },
);
