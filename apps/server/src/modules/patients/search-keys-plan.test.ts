import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects, useMigratedDatabase } from '../../test/databases';
import { insertOrders, insertPatients } from '../../test/erp-fixtures';
import { compileKeyedPage, type TKeyedPageQuery } from './keyed-page-sql';
import { orderHitQuery } from './patient-search';
import { planSearch } from './search-kind';

/**
 * The search by date of birth, phone, SO and tracking number, and the favourites' pages,
 * must each be read through their index (migration 0018), not by walking the payor's
 * patients or every order: each dialect's planner is asked, on enough rows to care.
 */
const PAYORS = 4;
const PATIENTS = PAYORS * 1500;

const digits = (index: number) => `555${String(index).padStart(7, '0')}`;
const dashed = (text: string) => `${text.slice(0, 3)}-${text.slice(3, 6)}-${text.slice(6)}`;

const patients = Array.from({ length: PATIENTS }, (_, index) => ({
  patient_key: `K${index}`,
  patient_id: `P${String(index).padStart(6, '0')}`,
  first_name: `First${index % 97}`,
  last_name: `Last${index % 50}`,
  dob: `19${String(40 + (index % 60))}-0${1 + (index % 9)}-1${index % 10}`,
  phone: index % 2 === 0 ? digits(index) : dashed(digits(index)),
  phone_mobile: index % 3 === 0 ? digits(index + 100_000) : null,
  payor_key: `PAY-${index % PAYORS}`,
}));

const orders = Array.from({ length: PATIENTS * 2 }, (_, index) => ({
  order_id: `O${index}`,
  so_number: `SO${1_000_000 + index}`,
  patient_key: `K${index % PATIENTS}`,
  tracking_number: `1Z${String(index).padStart(16, '0')}`,
  status: '44 - Pending POD',
}));

describe.each(testDialects())('search by key plans [%s]', (dialect) => {
  const database = useMigratedDatabase(
    dialect,
    async (db) => {
      for (let start = 0; start < patients.length; start += 500) {
        await insertPatients(db, patients.slice(start, start + 500));
      }
      for (let start = 0; start < orders.length; start += 1000) {
        await db
          .insertInto('orders')
          .values(
            orders.slice(start, start + 1000).map((order) => ({
              ...order,
              doctor_key: null,
              date_created: null,
              delivery_status: null,
              delivery_date: null,
              carrier: null,
              intake_status: null,
              so_classification_key: null,
              so_classification_name: null,
            })),
          )
          .execute();
      }
      await insertOrders(db, []);
      await db
        .insertInto('user_favorites')
        .values(
          // A user stars a few dozen patients; many users star some.
          patients
            .filter((_, index) => index % 2 === 0)
            .map((patient, index) => ({
              user_id: 1 + (index % 100),
              patient_key: patient.patient_key,
              created_at: index,
            })),
        )
        .execute();
      await db.executeQuery(
        CompiledQuery.raw(
          {
            mysql: 'ANALYZE TABLE patients, orders, patient_phones, user_favorites',
            postgres: 'VACUUM (ANALYZE)',
            sqlite: 'ANALYZE',
          }[dialect],
        ),
      );
    },
    180_000,
  );

  const explain = async (query: { sql: string; parameters: readonly unknown[] }) => {
    const prefix = { sqlite: 'EXPLAIN QUERY PLAN', mysql: 'EXPLAIN', postgres: 'EXPLAIN' }[dialect];
    const result = await database().db.executeQuery(
      CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((row) => JSON.stringify(row)).join('\n');
  };
  const keyedPlan = (
    query: Omit<TKeyedPageQuery, 'dialect' | 'payorKey' | 'page' | 'perPage' | 'classifications'>,
  ) =>
    explain(
      compileKeyedPage(database().db, {
        dialect,
        payorKey: 'PAY-1',
        page: 1,
        perPage: 15,
        classifications: [],
        ...query,
      }),
    );

  // A full scan of a table, or a walk through all of the payor's patients by name.
  const payorWalk =
    dialect === 'mysql'
      ? /"key":"patients_payor_(name|first_name|patient_id)_ci_idx"/
      : /patients_payor_(name|first_name|patient_id)_ci_idx/;
  const fullScan = {
    sqlite:
      /SCAN (patients|orders|o|p|ph|f|patient_phones|user_favorites)\b(?! USING)|\(payor_key=\?\)"/,
    mysql: /"table":"(patients|orders|o|p|ph|f)","type":"(ALL|index)"/,
    postgres:
      /Seq Scan on (patients|orders|patient_phones|user_favorites)|Index Cond: \(\(payor_key\)::text = '[^']*'::text\)"/,
  }[dialect];

  it('reads a date of birth from the (payor_key, dob) index', async () => {
    const text = await keyedPlan({ kind: 'dob', text: '1941-02-11' });
    expect(text).toMatch(/patients_payor_dob_idx/);
    expect(text).not.toMatch(fullScan);
    expect(text).not.toMatch(payorWalk);
  });

  it('reads a phone from patient_phones by its key', async () => {
    const text = await keyedPlan({ kind: 'phone', text: digits(5) });
    expect(text).toMatch(/patient_phones|"ph"|\bph\b/);
    expect(text).not.toMatch(fullScan);
    expect(text).not.toMatch(payorWalk);
  });

  it('reads a user’s favourites from their key', async () => {
    const text = await keyedPlan({ kind: 'favorites', userId: 2 });
    expect(text).toMatch(/user_favorites_pk|sqlite_autoindex_user_favorites|"table":"f"/);
    expect(text).not.toMatch(fullScan);
    // PostgreSQL may instead hash the payor's name index against the favourites when the
    // payor is small (here 1,500 patients): a walk bounded by the payor, as the unsearched
    // list's own; the other two drive from the user's favourites.
    if (dialect !== 'postgres') {
      expect(text).not.toMatch(payorWalk);
    }
  });

  it.each(['SO1000005', 'so1000005', '1Z0000000000000005'])(
    'finds the order named by %j through an index',
    async (search) => {
      const order = planSearch(search).order;
      expect(order).not.toBeNull();
      const query = orderHitQuery(database().db, { dialect, payorKey: 'PAY-1', order: order! });
      const text = await explain(query!.compile());
      expect(text).toMatch(/orders_(so_number|tracking)(_ci)?_idx/);
      expect(text).not.toMatch(fullScan);
    },
  );
});
