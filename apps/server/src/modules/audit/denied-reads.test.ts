import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { useScenario, type TScenarioUser } from '../patients/test-scenario';
import { listAuditEntries } from './repository';

/**
 * Every read of patient data is a row, allowed or denied (issue 10): a 403 or 404 on a
 * patient route writes a denied row with what was asked before the reply goes out.
 */
describe.each(testDialects())('denied reads of patient data are audited [%s]', (dialect) => {
  const { portal, request, ids } = useScenario(dialect);

  const latest = async (user: TScenarioUser, action: string) => {
    const [row] = await listAuditEntries(portal().database.db, {
      userId: ids()[user],
      action,
      limit: 1,
    });
    return row && { ...row, detail: JSON.parse(row.detail ?? 'null') as unknown };
  };

  it('records another payor’s patient (403) with the patient_key asked for', async () => {
    const response = await request('caseManagerB', '/api/patients/payor/PAY-A/patient/PA-1');
    expect(response.statusCode).toBe(403);
    expect(await latest('caseManagerB', 'patient_view')).toMatchObject({
      outcome: 'denied',
      patient_key: 'PA-1',
      ip: '127.0.0.1',
      detail: { status: 403, payor_key: 'PAY-A', patient_key: 'PA-1' },
    });
  });

  it('records a patient outside the payor (404) and a patient reading another’s record', async () => {
    expect(
      (await request('caseManagerA', '/api/patients/payor/PAY-A/patient/PB-1')).statusCode,
    ).toBe(404);
    expect(await latest('caseManagerA', 'patient_view')).toMatchObject({
      outcome: 'denied',
      patient_key: 'PB-1',
      detail: { status: 404 },
    });

    expect((await request('patient', '/api/patients/patient/PA-2/company')).statusCode).toBe(404);
    expect(await latest('patient', 'patient_payors_view')).toMatchObject({
      outcome: 'denied',
      patient_key: 'PA-2',
    });
    expect(
      (await request('patient', '/api/patients/payor/PAY-A/patient/PA-2/orders')).statusCode,
    ).toBe(404);
    expect(await latest('patient', 'order_list')).toMatchObject({
      outcome: 'denied',
      patient_key: 'PA-2',
    });
  });

  it('records an order outside the scope with its SO number', async () => {
    const response = await request('caseManagerA', '/api/patients/orders/SO-OB1/items');
    expect(response.statusCode).toBe(404);
    expect(await latest('caseManagerA', 'order_items_view')).toMatchObject({
      outcome: 'denied',
      patient_key: null,
      detail: { status: 404, so_number: 'SO-OB1' },
    });
  });

  it('records refused lists: another payor’s patients, intake for a role without it', async () => {
    const list = await request('caseManagerB', '/api/patients/payor/PAY-A/patients?search=smi');
    expect(list.statusCode).toBe(403);
    expect(await latest('caseManagerB', 'patient_list')).toMatchObject({
      outcome: 'denied',
      detail: { status: 403, payor_key: 'PAY-A', query: { search: 'smi' } },
    });
    const intake = await request('patient', '/api/patients/payor/PAY-A/intake-patients');
    expect(intake.statusCode).toBe(403);
    expect(await latest('patient', 'intake_list')).toMatchObject({ outcome: 'denied' });
  });

  it('records favourites reads, and a read of another user’s favourites as denied', async () => {
    await request('caseManagerA', '/api/patients/favorites', {
      method: 'POST',
      payload: { patient_key: 'PA-1' },
    });
    const own = await request('caseManagerA', '/api/patients/favorites');
    expect(own.statusCode).toBe(200);
    expect(await latest('caseManagerA', 'favorite_list')).toMatchObject({
      outcome: 'allowed',
      detail: { patient_keys: ['PA-1'] },
    });
    const other = await request(
      'caseManagerB',
      `/api/patients/favorites?user_id=${ids().caseManagerA}`,
    );
    expect(other.statusCode).toBe(403);
    expect(await latest('caseManagerB', 'favorite_list')).toMatchObject({
      outcome: 'denied',
      detail: { status: 403, query: { user_id: ids().caseManagerA } },
    });
  });

  it('marks answered reads allowed, and writes nothing for a caller who is not signed in', async () => {
    expect(
      (await request('caseManagerA', '/api/patients/payor/PAY-A/patient/PA-1')).statusCode,
    ).toBe(200);
    expect(await latest('caseManagerA', 'patient_view')).toMatchObject({
      outcome: 'allowed',
      patient_key: 'PA-1',
    });
    const { db } = portal().database;
    const before = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const anonymous = await portal().app.inject({
      method: 'GET',
      url: '/api/patients/payor/PAY-A/patient/PA-1',
    });
    expect(anonymous.statusCode).toBe(401);
    const after = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('does not answer a denied read whose row cannot be written', async () => {
    const { db } = portal().database;
    // With the table away the write fails, so the 403 must not go out.
    await db.schema.alterTable('audit_log').renameTo('audit_log_away').execute();
    try {
      const response = await request('caseManagerB', '/api/patients/payor/PAY-A/patient/PA-1');
      expect(response.statusCode).toBe(500);
    } finally {
      await db.schema.alterTable('audit_log_away').renameTo('audit_log').execute();
    }
  });
});
