import { beforeAll, describe, expect, it } from 'vitest';
import type { TPatientListResponse } from '@portal/domain/patients-api';
import { testDialects } from '../../test/databases';
import { listAuditEntries } from '../audit/repository';
import { useScenario, type TScenarioUser } from './test-scenario';

const FAVORITES_A = '/api/patients/payor/PAY-A/favorites';

describe.each(testDialects())('favourites across pages [%s]', (dialect) => {
  const { portal, request, ids } = useScenario(dialect);

  const star = async (user: TScenarioUser, patientKey: string) => {
    const response = await request(user, '/api/patients/favorites', {
      method: 'POST',
      payload: { patient_key: patientKey },
    });
    return response.statusCode;
  };

  beforeAll(async () => {
    for (const key of ['PA-1', 'PA-3', 'PA-4', 'PA-6']) {
      expect(await star('caseManagerA', key)).toBe(200);
    }
    expect(await star('customerServiceA', 'PA-2')).toBe(200);
    expect(await star('admin', 'PA-1')).toBe(200);
    expect(await star('admin', 'PB-1')).toBe(200);
  });

  const page = async (url: string, user: TScenarioUser = 'caseManagerA') => {
    const response = await request(user, url);
    expect(response.statusCode).toBe(200);
    return response.json<TPatientListResponse>();
  };
  const names = (body: TPatientListResponse) => body.patients.map((p) => p.last_name);

  it('lists every favourite of the user, by name, paged on the server, with order counts', async () => {
    const first = await page(`${FAVORITES_A}?page=1&per_page=2`);
    expect(names(first)).toEqual(['Adams', 'Jones']);
    expect(first).toMatchObject({
      success: true,
      current_page: 1,
      pages: 2,
      total: 4,
      per_page: 2,
    });
    expect(first.pagination).toEqual({ current_page: 1, pages: 2, total: 4, per_page: 2 });
    const second = await page(`${FAVORITES_A}?page=2&per_page=2`);
    expect(names(second)).toEqual(['Mcneil', 'Smith']);
    expect(second.patients[1]).toMatchObject({
      patient_key: 'PA-1',
      order_count: 7,
      shipped_count: 3,
    });
    const beyond = await page(`${FAVORITES_A}?page=5&per_page=2`);
    expect(beyond.patients).toEqual([]);
    expect(beyond).toMatchObject({ total: 4, pages: 2 });
    const all = await page(FAVORITES_A);
    expect(names(all)).toEqual(['Adams', 'Jones', 'Mcneil', 'Smith']);
    expect(all.per_page).toBe(15);
  });

  it('keeps to the user and the payor', async () => {
    expect(names(await page(FAVORITES_A, 'customerServiceA'))).toEqual(['Smithers']);
    expect(names(await page(FAVORITES_A, 'admin'))).toEqual(['Smith']);
    expect(names(await page('/api/patients/payor/PAY-B/favorites', 'admin'))).toEqual(['Smithson']);
    const none = await page('/api/patients/payor/PAY-B/favorites', 'caseManagerB');
    expect(none).toMatchObject({ patients: [], total: 0, message: 'No favorite patients found' });
    expect((await request('caseManagerB', FAVORITES_A)).statusCode).toBe(403);
    expect((await request('patient', FAVORITES_A)).statusCode).toBe(403);
    expect((await request('noPayor', FAVORITES_A)).statusCode).toBe(403);
    expect((await request('caseManagerA', `${FAVORITES_A}?per_page=0`)).statusCode).toBe(400);
    expect((await request('caseManagerA', `${FAVORITES_A}?page=x`)).statusCode).toBe(400);
  });

  it('drops a favourite once unstarred', async () => {
    expect(await star('caseManagerA', 'PA-6')).toBe(200);
    expect(names(await page(FAVORITES_A))).toEqual(['Adams', 'Jones', 'Smith']);
    expect(await star('caseManagerA', 'PA-6')).toBe(200);
  });

  it('audits each page like the patient list, and the refusals', async () => {
    await page(`${FAVORITES_A}?page=2&per_page=2`);
    const db = portal().database.db;
    const [entry] = await listAuditEntries(db, {
      userId: ids().caseManagerA,
      action: 'patient_list',
      limit: 1,
    });
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({
      payor_key: 'PAY-A',
      favorites: true,
      page: 2,
      patient_keys: ['PA-6', 'PA-1'],
    });
    await request('caseManagerB', FAVORITES_A);
    const [denied] = await listAuditEntries(db, {
      userId: ids().caseManagerB,
      action: 'patient_list',
      outcome: 'denied',
      limit: 1,
    });
    expect(JSON.parse(denied?.detail ?? '{}')).toMatchObject({ status: 403, payor_key: 'PAY-A' });
  });
});
