import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects, useMigratedDatabase } from '../../test/databases';
import { insertPatients } from '../../test/erp-fixtures';
import { compilePatientPage } from './repository';

/**
 * Search must be served by the indexes of migrations 0005 and 0006, not by reading every
 * patient: each dialect's own planner is asked, on enough rows for it to care.
 */
const PAYORS = 4;
const PER_PAYOR = 1500;
const LAST_NAMES = ['Smith', 'Jones', 'Brown', 'Garcia', 'Miller', 'Davis', 'Lopez', 'Wilson'];

const patients = Array.from({ length: PAYORS * PER_PAYOR }, (_, index) => ({
  patient_key: `K${index}`,
  patient_id: `P${String(index).padStart(6, '0')}`,
  first_name: `First${index % 97}`,
  last_name: `${LAST_NAMES[index % LAST_NAMES.length] ?? 'Doe'}${index % 50}`,
  payor_key: `PAY-${index % PAYORS}`,
}));

describe.each(testDialects())('patient search plan [%s]', (dialect) => {
  const database = useMigratedDatabase(
    dialect,
    async (db) => {
      for (let start = 0; start < patients.length; start += 500) {
        await insertPatients(db, patients.slice(start, start + 500));
      }
      await db.executeQuery(
        // What a sync load runs after loading (sync/load/*.ts).
        CompiledQuery.raw(
          {
            mysql: 'ANALYZE TABLE patients',
            postgres: 'VACUUM (ANALYZE) patients',
            sqlite: 'ANALYZE',
          }[dialect],
        ),
      );
    },
    120_000,
  );

  const plan = async (search: string) => {
    const query = compilePatientPage(database().db, {
      dialect,
      payorKey: 'PAY-1',
      search,
      page: 1,
      perPage: 15,
      classifications: [],
    });
    const prefix = { sqlite: 'EXPLAIN QUERY PLAN', mysql: 'EXPLAIN', postgres: 'EXPLAIN' }[dialect];
    const result = await database().db.executeQuery(
      CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((row) => JSON.stringify(row)).join('\n');
  };

  // A full scan, or a walk through all of the payor's patients.
  const fullScan = {
    sqlite: /SCAN patients(?! USING)|\(payor_key=\?\)/,
    mysql: /"table":"patients","type":"(ALL|index|ref)"|DEPENDENT/,
    postgres: /Seq Scan on patients|Index Cond: \(\(payor_key\)::text = '[^']*'::text\)"/,
  }[dialect];

  it.each(['smi', 'jones4', 'p0001', 'first1 smith'])(
    'search %j reads index ranges only',
    async (search) => {
      const text = await plan(search);
      expect(text).toMatch(/patients_payor_(name|first_name|patient_id)_ci_idx/);
      expect(text).not.toMatch(fullScan);
    },
  );

  it('pages the unsearched list from the covering name index', async () => {
    const text = await plan('');
    expect(text).toMatch(/patients_payor_name_ci_idx/);
    expect(text).not.toMatch(
      /SCAN patients(?! USING)|Seq Scan on patients|"patients","type":"ALL"/,
    );
  });

  // Diving into the index once per key took half the time of a page's order counts.
  if (dialect === 'mysql') {
    it('has MariaDB estimate IN lists of keys from index statistics', async () => {
      const { rows } = await sql<{
        limit: number;
      }>`select @@session.eq_range_index_dive_limit as ${sql.id('limit')}`.execute(database().db);
      expect(Number(rows[0]?.limit)).toBe(1);
    });
  }

  // A prepared search PostgreSQL re-planned on every run cost it more than running it.
  if (dialect === 'postgres') {
    it('reads the patient-ID branch from its index alone', async () => {
      expect(await plan('p0001')).toMatch(/Index Only Scan using patients_payor_patient_id_ci_idx/);
    });

    it('lets PostgreSQL keep one plan for the prepared search', async () => {
      const searches = ['smi', 'jon', 'bro', 'gar', 'mil', 'dav', 'lop', 'wil', 'p00', 'fir'];
      const generic = await database()
        .db.connection()
        .execute(async (connection) => {
          let text = '';
          for (const search of searches) {
            const query = compilePatientPage(connection, {
              dialect,
              payorKey: 'PAY-1',
              search,
              page: 1,
              perPage: 15,
              classifications: [],
            });
            text = query.sql;
            await connection.executeQuery(query);
          }
          const { rows } = await sql<{
            generic_plans: number;
          }>`select generic_plans from pg_prepared_statements where statement = ${text}`.execute(
            connection,
          );
          return rows[0]?.generic_plans ?? 0;
        });
      expect(generic).toBeGreaterThan(0);
    });
  }
});
