import { describe, expect, it } from 'vitest';
import type {
  TPatientDetail,
  TPatientListResponse,
  TPatientPayor,
  TPayorOption,
} from '@portal/domain/patients-api';
import { testDialects } from '../../test/databases';
import { listAuditEntries } from '../audit/repository';
import { useScenario } from './test-scenario';

type TRequest = ReturnType<typeof useScenario>['request'];
const LIST_A = '/api/patients/payor/PAY-A/patients';

describe.each(testDialects())('patient list and details [%s]', (dialect) => {
  const { portal, request, ids } = useScenario(dialect);

  const names = (body: { patients: { last_name: string | null }[] }) =>
    body.patients.map((patient) => patient.last_name);
  const list = async (user: Parameters<TRequest>[0], url: string) =>
    (await request(user, url)).json<TPatientListResponse>();

  it('lists the payor’s patients by name with their order counts, computed from the status groups', async () => {
    const response = await request('caseManagerA', LIST_A);
    expect(response.statusCode).toBe(200);
    const body = response.json<TPatientListResponse>();
    expect(names(body)).toEqual(['Adams', 'Jones', 'Mc_Neil', 'Mcneil', 'Smith', 'Smithers']);
    expect(body).toMatchObject({
      success: true,
      current_page: 1,
      pages: 1,
      total: 6,
      per_page: 15,
      pagination: { current_page: 1, pages: 1, total: 6, per_page: 15 },
    });
    const jane = body.patients.find((p) => p.patient_key === 'PA-1');
    expect(jane).toEqual({
      patient_key: 'PA-1',
      patient_id: 'P1001',
      first_name: 'Jane',
      last_name: 'Smith',
      dob: '1980-02-03',
      phone: '5551112222',
      email: 'jane.smith@example.com',
      order_count: 7,
      in_progress_count: 1,
      shipped_count: 3,
      pending_docs_count: 2,
    });
    const john = body.patients.find((p) => p.patient_key === 'PA-2');
    expect(john).toMatchObject({ order_count: 1, in_progress_count: 1, shipped_count: 0 });
    const bob = body.patients.find((p) => p.patient_key === 'PA-4');
    expect(bob).toMatchObject({ order_count: 0, in_progress_count: 0, pending_docs_count: 0 });
  });

  it('pages with page and per_page, and reports the pages', async () => {
    const second = await list('caseManagerA', `${LIST_A}?page=2&per_page=4`);
    expect(names(second)).toEqual(['Smith', 'Smithers']);
    expect(second).toMatchObject({ current_page: 2, pages: 2, total: 6, per_page: 4 });
    const beyond = await list('caseManagerA', `${LIST_A}?page=9&per_page=4`);
    expect(beyond.patients).toEqual([]);
    // No row carries the total past the end; the pager still needs it.
    expect(beyond).toMatchObject({ total: 6, pages: 2 });
    expect((await request('caseManagerA', `${LIST_A}?per_page=0`)).statusCode).toBe(400);
    expect((await request('caseManagerA', `${LIST_A}?per_page=101`)).statusCode).toBe(400);
  });

  it('searches last name, first name and patient ID by prefix, ignoring case and spaces', async () => {
    const search = async (text: string) =>
      names(await list('caseManagerA', `${LIST_A}?search=${encodeURIComponent(text)}`));
    expect(await search('  smi ')).toEqual(['Smith', 'Smithers']);
    expect(await search('JO')).toEqual(['Jones', 'Smithers']);
    expect(await search('p200')).toEqual(['Adams', 'Jones']);
    expect(await search('jane smi')).toEqual(['Smith']);
    expect(await search('Smith, Jane')).toEqual(['Smith']);
    // LIKE wildcards in the text are literal characters.
    expect(await search('mc_')).toEqual(['Mc_Neil']);
    expect(await search('%')).toEqual([]);
    expect(await search('zz')).toEqual([]);
    const counted = await list('caseManagerA', `${LIST_A}?search=smi&per_page=1`);
    expect(counted).toMatchObject({ total: 2, pages: 2 });
  });

  it('counts only the orders of the classifications the user enabled', async () => {
    const { db } = portal().database;
    await db
      .insertInto('user_preferences')
      .values({
        user_id: ids().customerServiceA,
        kind: 'so_classification',
        value: 'CL-RESP',
        created_at: 1,
      })
      .execute();
    const body = await list('customerServiceA', `${LIST_A}?search=P1001`);
    expect(body.patients[0]).toMatchObject({
      order_count: 4,
      in_progress_count: 1,
      shipped_count: 2,
      pending_docs_count: 1,
    });
  });

  it('keeps payor staff to their own payor and patients out of lists', async () => {
    expect((await request('caseManagerB', LIST_A)).statusCode).toBe(403);
    expect((await request('noPayor', LIST_A)).statusCode).toBe(403);
    expect((await request('patient', LIST_A)).statusCode).toBe(403);
    const admin = await request('admin', '/api/patients/payor/PAY-B/patients');
    expect(admin.statusCode).toBe(200);
    expect(names(admin.json<TPatientListResponse>())).toEqual(['Smithson']);
    const anonymous = await portal().app.inject({ method: 'GET', url: LIST_A });
    expect(anonymous.statusCode).toBe(401);
  });

  it('records every list read in the audit trail with the patients shown', async () => {
    await request('caseManagerA', `${LIST_A}?search=jones`);
    const [entry] = await listAuditEntries(portal().database.db, {
      userId: ids().caseManagerA,
      action: 'patient_list',
      limit: 1,
    });
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({
      payor_key: 'PAY-A',
      search: 'jones',
      page: 1,
      patient_keys: ['PA-3'],
    });
  });

  it('returns one patient’s details with doctor, addresses and counts, and audits the read', async () => {
    const response = await request('caseManagerA', '/api/patients/payor/PAY-A/patient/PA-1');
    expect(response.statusCode).toBe(200);
    const { patient } = response.json<{ patient: TPatientDetail }>();
    expect(patient).toMatchObject({
      patient_key: 'PA-1',
      first_name: 'Jane',
      doctor: { first_name: 'Gregory', last_name: 'House', phone: '5551234567' },
      billing_address: {
        street: '10 Bill Rd',
        suite: null,
        city: 'Trenton',
        state: 'NJ',
        zip: '08601',
      },
      delivery_address: null,
      order_count: 7,
      shipped_count: 3,
      pending_docs_count: 2,
    });
    const [entry] = await listAuditEntries(portal().database.db, {
      userId: ids().caseManagerA,
      action: 'patient_view',
      limit: 1,
    });
    expect(entry?.patient_key).toBe('PA-1');
  });

  it('answers 403 for another payor and 404 for a patient outside the payor', async () => {
    expect(
      (await request('caseManagerB', '/api/patients/payor/PAY-A/patient/PA-1')).statusCode,
    ).toBe(403);
    expect(
      (await request('caseManagerB', '/api/patients/payor/PAY-B/patient/PA-1')).statusCode,
    ).toBe(404);
    expect(
      (await request('caseManagerA', '/api/patients/payor/PAY-A/patient/PB-1')).statusCode,
    ).toBe(404);
    expect(
      (await request('caseManagerA', '/api/patients/payor/PAY-A/patient/NOPE')).statusCode,
    ).toBe(404);
    expect(
      (await request('caseManagerA', '/api/patients/payor/PAY-A/patient/bad%20key')).statusCode,
    ).toBe(400);
    expect((await request('admin', '/api/patients/payor/PAY-B/patient/PB-1')).statusCode).toBe(200);
    expect((await request('admin', '/api/patients/payor/PAY-A/patient/PB-1')).statusCode).toBe(404);
  });

  it('lets a patient read only their own record', async () => {
    expect((await request('patient', '/api/patients/payor/PAY-A/patient/PA-1')).statusCode).toBe(
      200,
    );
    expect((await request('patient', '/api/patients/payor/PAY-A/patient/PA-2')).statusCode).toBe(
      404,
    );
    expect((await request('patient', '/api/patients/payor/PAY-B/patient/PB-1')).statusCode).toBe(
      404,
    );
    expect((await request('patient', '/api/patients/patient/PA-2/company')).statusCode).toBe(404);
  });

  it('lists a patient’s payors primary first, within scope', async () => {
    const response = await request('caseManagerA', '/api/patients/patient/PA-1/company');
    expect(response.json<{ payors: TPatientPayor[] }>()).toEqual({
      success: true,
      payors: [
        { payor_key: 'PAY-A', company_name: 'Acme Health', level: 'Primary' },
        { payor_key: 'PAY-SELF', company_name: '[Patient]', level: 'Secondary' },
      ],
    });
    expect((await request('caseManagerB', '/api/patients/patient/PA-1/company')).statusCode).toBe(
      404,
    );
    expect((await request('patient', '/api/patients/patient/PA-1/company')).statusCode).toBe(200);
  });

  it('offers admins every real payor and payor staff only their own', async () => {
    const admin = (await request('admin', '/api/payors')).json<{ payors: TPayorOption[] }>();
    expect(admin.payors).toEqual([
      { payor_key: 'PAY-A', company_name: 'Acme Health' },
      { payor_key: 'PAY-B', company_name: 'Bay Care' },
    ]);
    const staff = (await request('caseManagerB', '/api/payors')).json<{ payors: TPayorOption[] }>();
    expect(staff.payors).toEqual([{ payor_key: 'PAY-B', company_name: 'Bay Care' }]);
    const patient = (await request('patient', '/api/payors')).json<{ payors: TPayorOption[] }>();
    expect(patient.payors).toEqual([]);
  });
});
