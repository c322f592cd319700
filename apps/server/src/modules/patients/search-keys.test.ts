import { beforeAll, describe, expect, it } from 'vitest';
import type { TPatientListResponse } from '@portal/domain/patients-api';
import { testDialects } from '../../test/databases';
import { insertOrders } from '../../test/erp-fixtures';
import { listAuditEntries } from '../audit/repository';
import { refillPatientPhones } from './patient-phones';
import { useScenario, type TScenarioUser } from './test-scenario';

const LIST_A = '/api/patients/payor/PAY-A/patients';
const LIST_B = '/api/patients/payor/PAY-B/patients';

describe.each(testDialects())('one search box: every key [%s]', (dialect) => {
  const { portal, request, ids } = useScenario(dialect);

  beforeAll(async () => {
    const { db } = portal().database;
    // Phones in both spellings and in the mobile column; another payor's look-alikes.
    await db
      .updateTable('patients')
      .set({ phone: '555-333-4444', phone_mobile: '(555) 777-8888', dob: '1975-12-31' })
      .where('patient_key', '=', 'PA-3')
      .execute();
    await db
      .updateTable('patients')
      .set({ phone: '555-111-2222', dob: '1980-02-03' })
      .where('patient_key', '=', 'PB-1')
      .execute();
    await refillPatientPhones(db);
    await insertOrders(db, [
      {
        order_id: 'O9',
        so_number: 'SO1002999',
        patient_key: 'PA-4',
        status: '34 - Awaiting SCA/LOA',
        tracking_number: '9400111899223197428490',
        date_created: Date.parse('2025-02-01T12:00:00Z'),
      },
      {
        order_id: 'OB2',
        so_number: 'SO2000001',
        patient_key: 'PB-1',
        status: '44 - Pending POD',
        tracking_number: '1ZBBB0000000000001',
        date_created: Date.parse('2025-02-02T12:00:00Z'),
      },
    ]);
  });

  const search = async (text: string, user: TScenarioUser = 'caseManagerA', list = LIST_A) => {
    const response = await request(user, `${list}?search=${encodeURIComponent(text)}`);
    expect(response.statusCode).toBe(200);
    return response.json<TPatientListResponse>();
  };
  const keys = (body: TPatientListResponse) => body.patients.map((p) => p.patient_key);

  it('finds patients by name in either order and by patient ID, as before, with no order hit', async () => {
    for (const text of ['jane smith', 'Smith, Jane', 'P1001']) {
      const body = await search(text);
      expect(keys(body), text).toEqual(['PA-1']);
      expect(body.order_hit, text).toBeUndefined();
    }
  });

  it('finds patients by date of birth, US and ISO forms, within the payor', async () => {
    for (const text of ['02/03/1980', '2/3/1980', '1980-02-03']) {
      const body = await search(text);
      expect(keys(body), text).toEqual(['PA-1']);
      expect(body).toMatchObject({ total: 1, pages: 1 });
      expect(body.order_hit).toBeUndefined();
    }
    expect(keys(await search('12/31/1975'))).toEqual(['PA-3']);
    expect(keys(await search('1980-02-03', 'caseManagerB', LIST_B))).toEqual(['PB-1']);
    expect(keys(await search('01/01/1901'))).toEqual([]);
  });

  it('finds patients by phone in any spelling, both stored forms and the mobile, within the payor', async () => {
    // PA-1's phone is stored as '5551112222', PB-1's as '555-111-2222'.
    for (const text of ['(555) 111-2222', '555-111-2222', '5551112222', '+1 555 111 2222']) {
      const body = await search(text);
      expect(keys(body), text).toEqual(['PA-1']);
      expect(body.patients[0]).toMatchObject({ phone: '5551112222', order_count: 7 });
      expect(body.order_hit).toBeUndefined();
    }
    expect(keys(await search('5553334444'))).toEqual(['PA-3']);
    expect(keys(await search('555.777.8888'))).toEqual(['PA-3']);
    expect(keys(await search('5551112222', 'caseManagerB', LIST_B))).toEqual(['PB-1']);
    expect(keys(await search('(555) 000-0000'))).toEqual([]);
  });

  it('finds an order by SO number, any case, and names it in order_hit', async () => {
    for (const text of ['SO1002999', 'so1002999']) {
      const body = await search(text);
      expect(keys(body), text).toEqual(['PA-4']);
      expect(body.order_hit).toEqual({
        patient_key: 'PA-4',
        order_id: 'O9',
        so_number: 'SO1002999',
        matched: 'so_number',
      });
      expect(body.patients[0]).toMatchObject({ order_count: 1, pending_docs_count: 1 });
    }
  });

  it('finds an order by tracking number, any case, and names it in order_hit', async () => {
    for (const text of ['1Z999AA10123456784', '1z999aa10123456784']) {
      const body = await search(text);
      expect(keys(body), text).toEqual(['PA-1']);
      expect(body.order_hit).toEqual({
        patient_key: 'PA-1',
        order_id: 'O4',
        so_number: 'SO-O4',
        matched: 'tracking_number',
      });
    }
    expect((await search('9400111899223197428490')).order_hit?.order_id).toBe('O9');
  });

  it('never finds another payor’s patient or order, whoever searches', async () => {
    for (const user of ['caseManagerA', 'admin'] as const) {
      for (const text of ['SO2000001', '1ZBBB0000000000001', '1zbbb0000000000001']) {
        const body = await search(text, user);
        expect(keys(body), `${user} ${text}`).toEqual([]);
        expect(body.order_hit).toBeUndefined();
        expect(body.total).toBe(0);
      }
    }
    // The payor's own staff and an admin on that payor's list do find them.
    const own = await search('1ZBBB0000000000001', 'caseManagerB', LIST_B);
    expect(own.order_hit).toMatchObject({ order_id: 'OB2', patient_key: 'PB-1' });
    expect((await search('SO2000001', 'admin', LIST_B)).order_hit?.order_id).toBe('OB2');
    // A case manager may not search another payor's list at all.
    const refused = await request('caseManagerA', `${LIST_B}?search=SO2000001`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('PB-1');
  });

  it('audits the search with the patients shown and the order it named', async () => {
    await search('SO1002999');
    const [entry] = await listAuditEntries(portal().database.db, {
      userId: ids().caseManagerA,
      action: 'patient_list',
      limit: 1,
    });
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({
      search: 'SO1002999',
      patient_keys: ['PA-4'],
      order_id: 'O9',
    });
  });

  it('answers an over-long search 400, never 500', async () => {
    const response = await request('caseManagerA', `${LIST_A}?search=${'9'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
  });
});
