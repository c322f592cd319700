import { describe, expect, it } from 'vitest';
import type { TPatientListResponse, TPreferences } from '@portal/domain/patients-api';
import { testDialects } from '../../test/databases';
import { useScenario } from './test-scenario';

type TRequest = ReturnType<typeof useScenario>['request'];

describe.each(testDialects())('favourites and preferences [%s]', (dialect) => {
  const { request, ids } = useScenario(dialect);

  const favorites = async (user: Parameters<TRequest>[0]) =>
    (await request(user, '/api/patients/favorites')).json<{ favorites: string[] }>().favorites;
  const toggleFavorite = (user: Parameters<TRequest>[0], payload: object) =>
    request(user, '/api/patients/favorites', { method: 'POST', payload });
  const preferences = async (user: Parameters<TRequest>[0]) =>
    (await request(user, '/api/preferences')).json<{ preferences: TPreferences }>().preferences;

  it('toggles a favourite per user and keeps it', async () => {
    const on = await toggleFavorite('caseManagerA', {
      patient_key: 'PA-3',
      user_id: ids().caseManagerA,
    });
    expect(on.json()).toEqual({ success: true, is_favorite: true });
    expect(await favorites('caseManagerA')).toEqual(['PA-3']);
    expect(await favorites('customerServiceA')).toEqual([]);
    const byUserId = await request(
      'caseManagerA',
      `/api/patients/favorites?user_id=${ids().caseManagerA}`,
    );
    expect(byUserId.json()).toEqual({ success: true, favorites: ['PA-3'] });
    const off = await toggleFavorite('caseManagerA', { patient_key: 'PA-3' });
    expect(off.json()).toEqual({ success: true, is_favorite: false });
    expect(await favorites('caseManagerA')).toEqual([]);
  });

  it('never acts for another user or on a patient out of scope', async () => {
    const other = `/api/patients/favorites?user_id=${ids().customerServiceA}`;
    expect((await request('caseManagerA', other)).statusCode).toBe(403);
    const forOther = await toggleFavorite('caseManagerA', {
      patient_key: 'PA-1',
      user_id: ids().admin,
    });
    expect(forOther.statusCode).toBe(403);
    expect((await toggleFavorite('caseManagerA', { patient_key: 'PB-1' })).statusCode).toBe(404);
    expect((await toggleFavorite('caseManagerA', {})).statusCode).toBe(400);
    expect(await favorites('caseManagerA')).toEqual([]);
    expect(await favorites('admin')).toEqual([]);
  });

  it('lists the classifications under the spec’s names', async () => {
    const response = await request('patient', '/api/so-classifications');
    expect(response.json()).toEqual({
      success: true,
      classifications: [
        { id: 'CL-DIAB', key: 'CL-DIAB', name: 'Diabetic', description: 'Diabetic orders' },
        { id: 'CL-RESP', key: 'CL-RESP', name: 'Respiratory', description: 'Respiratory orders' },
      ],
    });
  });

  it('starts empty, replaces only the fields sent, and refuses unknown categories whole', async () => {
    expect(await preferences('caseManagerB')).toEqual({
      so_classifications: [],
      order_categories: [],
    });
    const put = (payload: object) =>
      request('caseManagerB', '/api/preferences', { method: 'PUT', payload });
    const saved = await put({ so_classifications: ['CL-RESP', 'CL-DIAB'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      preferences: { so_classifications: ['CL-DIAB', 'CL-RESP'], order_categories: [] },
    });
    await put({ order_categories: ['CPAP'] });
    expect(await preferences('caseManagerB')).toEqual({
      so_classifications: ['CL-DIAB', 'CL-RESP'],
      order_categories: ['CPAP'],
    });
    const bad = await put({ so_classifications: ['CL-RESP', 'CL-NOPE'], order_categories: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Unknown order category: CL-NOPE' });
    expect(await preferences('caseManagerB')).toEqual({
      so_classifications: ['CL-DIAB', 'CL-RESP'],
      order_categories: ['CPAP'],
    });
    expect((await put({})).statusCode).toBe(400);
  });

  it('toggles one classification at a time, and the patient counts follow', async () => {
    const toggle = (key: string) =>
      request('customerServiceA', `/api/preferences/so-classifications/${key}/toggle`, {
        method: 'POST',
      });
    const janeOrders = async () =>
      (
        await request('customerServiceA', '/api/patients/payor/PAY-A/patients?search=P1001')
      ).json<TPatientListResponse>().patients[0]?.order_count;
    expect(await janeOrders()).toBe(7);
    const on = await toggle('CL-DIAB');
    expect(on.json()).toMatchObject({ success: true, enabled: true });
    expect(await janeOrders()).toBe(2);
    const off = await toggle('CL-DIAB');
    expect(off.json()).toMatchObject({ enabled: false, preferences: { so_classifications: [] } });
    expect(await janeOrders()).toBe(7);
    expect((await toggle('CL-NOPE')).statusCode).toBe(404);
  });

  it('keeps categories equal by the database’s comparison once: case-blind on MariaDB only', async () => {
    const put = (payload: object) =>
      request('admin', '/api/preferences', { method: 'PUT', payload });
    const saved = await put({ order_categories: ['cpap', 'CPAP', 'cpap', 'Oxygen'] });
    expect(saved.statusCode).toBe(200);
    const expected = dialect === 'mysql' ? ['Oxygen', 'cpap'] : ['CPAP', 'Oxygen', 'cpap'];
    const stored = (await preferences('admin')).order_categories;
    expect([...stored].sort()).toEqual(expected);
    expect((await put({ order_categories: ['OXYGEN', 'oxygen'] })).statusCode).toBe(200);
    expect((await preferences('admin')).order_categories.length).toBe(dialect === 'mysql' ? 1 : 2);
  });
});
