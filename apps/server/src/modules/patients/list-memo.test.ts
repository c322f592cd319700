import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TPatientListResponse } from '@portal/domain/patients-api';
import { testDialects } from '../../test/databases';
import { summaryRefillSql } from '../analytics/summaries';
import { listAuditEntries } from '../audit/repository';
import { createPatientListMemo } from './list-memo';
import { useScenario } from './test-scenario';

const LIST_A = '/api/patients/payor/PAY-A/patients';

describe.each(testDialects())('the patient list’s pages per data version [%s]', (dialect) => {
  const { portal, request, ids } = useScenario(dialect);
  const db = () => portal().database.db;

  /** What the sync runs in the transaction that loads the patients table. */
  const syncStamp = () =>
    db()
      .transaction()
      .execute(async (trx) => {
        for (const statement of summaryRefillSql(dialect, 'patients')) {
          await sql.raw(statement).execute(trx);
        }
      });
  const renameJane = (lastName: string) =>
    db()
      .updateTable('patients')
      .set({ last_name: lastName })
      .where('patient_key', '=', 'PA-1')
      .execute();
  const janeIn = async (
    url: string,
    user: 'caseManagerA' | 'customerServiceA' = 'caseManagerA',
  ) => {
    const response = await request(user, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<TPatientListResponse>().patients.find((p) => p.patient_key === 'PA-1');
  };

  const toggle = async (key: string) => {
    const url = `/api/preferences/so-classifications/${key}/toggle`;
    expect((await request('customerServiceA', url, { method: 'POST' })).statusCode).toBe(200);
  };

  it('answers a page again for the same data version, and reads it afresh once a sync marks new data', async () => {
    await syncStamp();
    expect(await janeIn(LIST_A)).toMatchObject({ last_name: 'Smith', order_count: 7 });
    // Only a sync changes the synced tables, and it writes a new version as it does.
    // A change without one shows the page already read: the page is kept.
    await renameJane('Smyth');
    expect(await janeIn(LIST_A)).toMatchObject({ last_name: 'Smith' });
    // Another page size is another page, read now.
    expect(await janeIn(`${LIST_A}?per_page=10`)).toMatchObject({ last_name: 'Smyth' });
    await syncStamp();
    expect(await janeIn(LIST_A)).toMatchObject({ last_name: 'Smyth' });
    await renameJane('Smith');
    await syncStamp();
    expect(await janeIn(LIST_A)).toMatchObject({ last_name: 'Smith' });
  });

  it('sees another process’s sync at once: the version is read from the database on every request', async () => {
    await syncStamp();
    const here = createPatientListMemo(portal().database);
    const there = createPatientListMemo(portal().database);
    const query = {
      dialect,
      payorKey: 'PAY-A',
      search: 'P1001',
      page: 1,
      perPage: 15,
      userId: ids().caseManagerA,
    };
    expect((await here.read(query)).rows[0]).toMatchObject({ last_name: 'Smith' });
    expect((await there.read(query)).rows[0]).toMatchObject({ last_name: 'Smith' });
    await renameJane('Smyth');
    await syncStamp(); // as "there" would after its sync
    expect((await here.read(query)).rows[0]).toMatchObject({ last_name: 'Smyth' });
    await renameJane('Smith');
    await syncStamp();
  });

  it('reads the stamps of concurrent requests in one statement, each user with their own classifications', async () => {
    await syncStamp();
    await toggle('CL-DIAB');
    const list = createPatientListMemo(portal().database);
    const janeFor = (user: 'caseManagerA' | 'customerServiceA') =>
      list.read({
        dialect,
        payorKey: 'PAY-A',
        search: 'P1001',
        page: 1,
        perPage: 15,
        userId: ids()[user],
      });
    const users = ['caseManagerA', 'customerServiceA', 'caseManagerA', 'customerServiceA'] as const;
    const pages = await Promise.all(users.map(janeFor));
    expect(pages.map((page) => page.rows[0]?.order_count)).toEqual([7, 2, 7, 2]);
    expect(list.stats).toEqual({ statements: 1, reads: 4 });
    await toggle('CL-DIAB');
    expect((await janeFor('customerServiceA')).rows[0]?.order_count).toBe(7);
  });

  it('follows a user’s classification choice at once, and keeps users with other choices apart', async () => {
    await syncStamp();
    const search = `${LIST_A}?search=P1001`;
    expect(await janeIn(search, 'customerServiceA')).toMatchObject({ order_count: 7 });
    await toggle('CL-DIAB');
    expect(await janeIn(search, 'customerServiceA')).toMatchObject({ order_count: 2 });
    // The case manager enabled nothing: every order still counts for them.
    expect(await janeIn(search)).toMatchObject({ order_count: 7 });
    await toggle('CL-DIAB');
    expect(await janeIn(search, 'customerServiceA')).toMatchObject({ order_count: 7 });
  });

  it('checks the payor scope and writes the audit row on every read, kept page or not', async () => {
    await syncStamp();
    const before = await listAuditEntries(db(), { action: 'patient_list', limit: 1000 });
    for (let i = 0; i < 3; i += 1) {
      expect((await request('caseManagerA', `${LIST_A}?search=smi`)).statusCode).toBe(200);
    }
    const after = await listAuditEntries(db(), { action: 'patient_list', limit: 1000 });
    const added = after.slice(0, after.length - before.length);
    expect(added).toHaveLength(3);
    for (const entry of added) {
      expect(entry.user_id).toBe(ids().caseManagerA);
      expect(JSON.parse(entry.detail!)).toMatchObject({ patient_keys: ['PA-1', 'PA-2'] });
    }
    // Another payor's case manager gets no page, kept or not.
    expect((await request('caseManagerB', `${LIST_A}?search=smi`)).statusCode).toBe(403);
  });
});
