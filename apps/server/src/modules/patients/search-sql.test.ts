import { describe, expect, it } from 'vitest';
import { testDialects, useMigratedDatabase } from '../../test/databases';
import { insertPatients } from '../../test/erp-fixtures';
import { countPatients, listPatients } from './repository';
import { searchTerms } from './search-sql';

/**
 * The search's SQL against a plain reading of its rule, on rows made to trip it up:
 * missing names, a name that matches by last and first name at once, an ID that
 * looks like a name, other payors' look-alikes. The count must equal the matches, each
 * page (past the end too) must carry that total, and the pages together must hold every
 * match once, in list order.
 */
const FIRST = ['Jo', 'John', 'Smitty', 'ann', null, 'Joan', 'Mil'];
const LAST = ['Jones', 'Smith', 'johnson', null, 'Miller', 'Anders', 'Jo'];
const IDS = ['JO77', 'P100', null, 'smi9', 'A1'];

const patients = Array.from({ length: 140 }, (_, index) => ({
  patient_key: `K${String(index).padStart(3, '0')}`,
  first_name: FIRST[index % FIRST.length] ?? null,
  last_name: LAST[Math.floor(index / FIRST.length) % LAST.length] ?? null,
  patient_id: IDS[index % IDS.length] ?? null,
  payor_key: index % 4 === 3 ? 'PAY-OTHER' : 'PAY-1',
}));

type TPatient = (typeof patients)[number];

const startsWith = (value: string | null, prefix: string) =>
  value !== null && value.toLowerCase().startsWith(prefix.toLowerCase());

/** The rule of core.md's search, read plainly. */
const matches = (patient: TPatient, text: string) => {
  const [first = '', second] = searchTerms(text);
  if (second === undefined) {
    return (
      startsWith(patient.last_name, first) ||
      startsWith(patient.first_name, first) ||
      startsWith(patient.patient_id, first)
    );
  }
  return (
    (startsWith(patient.first_name, first) && startsWith(patient.last_name, second)) ||
    (startsWith(patient.last_name, first) && startsWith(patient.first_name, second))
  );
};

const byName = (a: TPatient, b: TPatient) =>
  (a.last_name ?? '').toLowerCase().localeCompare((b.last_name ?? '').toLowerCase()) ||
  (a.first_name ?? '').toLowerCase().localeCompare((b.first_name ?? '').toLowerCase()) ||
  a.patient_key.localeCompare(b.patient_key);

const SEARCHES = ['jo', 'JO7', 'smi', 'mil', 'john jo', 'jo, john', 'Jo Jo', 'ann', 'a', 'zz'];

describe.each(testDialects())('patient search against its rule [%s]', (dialect) => {
  const database = useMigratedDatabase(dialect, async (db) => {
    await insertPatients(db, patients);
  });

  it.each(SEARCHES)('search %j counts and pages every match once', async (search) => {
    const expected = patients
      .filter((patient) => patient.payor_key === 'PAY-1' && matches(patient, search))
      .sort(byName);
    const query = { dialect, payorKey: 'PAY-1', search };
    expect(await countPatients(database().db, query)).toBe(expected.length);

    const perPage = 7;
    const shown: TPatient[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / perPage) + 1; page += 1) {
      const { rows, total } = await listPatients(database().db, {
        ...query,
        page,
        perPage,
        classifications: [],
      });
      expect(total).toBe(expected.length);
      expect(rows.length).toBeLessThanOrEqual(perPage);
      shown.push(...rows.map((row) => ({ ...row, payor_key: 'PAY-1' })));
    }
    const keys = shown.map((row) => row.patient_key);
    expect([...keys].sort()).toEqual(expected.map((patient) => patient.patient_key).sort());
    // Databases differ on where NULL sorts; the named rows keep list order.
    const named = (rows: TPatient[]) =>
      rows
        .filter((row) => row.last_name !== null && row.first_name !== null)
        .map((row) => row.patient_key);
    expect(named(shown)).toEqual(named(expected));
  });

  it('gives each column of a listed patient its own value, and the counts theirs', async () => {
    const { db } = database();
    const patient = {
      patient_key: 'ROW-1',
      patient_id: 'ID-1',
      first_name: 'First',
      last_name: 'Last',
      dob: '1950-01-02',
      phone: '555-0001',
      phone_mobile: '555-0002',
      email: 'row@example.com',
    };
    const counts = {
      order_count: 7,
      in_progress_count: 3,
      shipped_count: 2,
      pending_docs_count: 1,
    };
    await insertPatients(db, [{ ...patient, payor_key: 'PAY-ROW' }]);
    await db
      .insertInto('patient_order_counts')
      .values({ patient_key: 'ROW-1', classification_key: 'C1', ...counts })
      .execute();
    const { rows, total } = await listPatients(db, {
      dialect,
      payorKey: 'PAY-ROW',
      search: '',
      page: 1,
      perPage: 15,
      classifications: [],
    });
    expect(total).toBe(1);
    expect(rows).toEqual([{ ...patient, ...counts, total: 1 }]);
  });
});
