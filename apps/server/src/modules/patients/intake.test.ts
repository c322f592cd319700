import { describe, expect, it } from 'vitest';
import type { TIntakeListResponse } from '@portal/domain/patients-api';
import { testDialects } from '../../test/databases';
import { insertIntakePatients } from '../../test/erp-fixtures';
import { listAuditEntries } from '../audit/repository';
import { useScenario } from './test-scenario';

type TRequest = ReturnType<typeof useScenario>['request'];
const INTAKE_A = '/api/patients/payor/PAY-A/intake-patients';

describe.each(testDialects())('GET /api/patients/payor/{payor}/intake-patients [%s]', (dialect) => {
  const { portal, request, ids } = useScenario(dialect);

  const intake = async (query = '', user: Parameters<TRequest>[0] = 'caseManagerA') =>
    (await request(user, `${INTAKE_A}${query}`)).json<TIntakeListResponse>();

  it('lists the payor’s intake patients by name, 20 to a page', async () => {
    expect(await intake()).toEqual({
      success: true,
      patients: [
        {
          patient_key: 'IA-1',
          patient_id: 'N1001',
          first_name: 'Carl',
          last_name: 'Intake',
          dob: '1990-05-06',
          phone: '5553334444',
          has_patient_record: false,
        },
        {
          patient_key: 'IA-2',
          patient_id: 'N1002',
          first_name: 'Dana',
          last_name: 'Newcomer',
          dob: null,
          phone: null,
          has_patient_record: false,
        },
      ],
      current_page: 1,
      pages: 1,
      total: 2,
      per_page: 20,
    });
    expect(await intake('?page=2&per_page=1')).toMatchObject({
      patients: [{ patient_key: 'IA-2' }],
      current_page: 2,
      pages: 2,
      total: 2,
    });
  });

  it('searches by name and patient ID within the payor only', async () => {
    expect((await intake('?search=intake')).patients.map((p) => p.patient_key)).toEqual(['IA-1']);
    expect((await intake('?search=n1002')).patients.map((p) => p.patient_key)).toEqual(['IA-2']);
    expect((await intake('?search=eve')).total).toBe(0);
  });

  it('is for staff of the payor, or admins', async () => {
    expect((await request('caseManagerB', INTAKE_A)).statusCode).toBe(403);
    expect((await request('noPayor', INTAKE_A)).statusCode).toBe(403);
    expect((await request('patient', INTAKE_A)).statusCode).toBe(403);
    expect((await request('customerServiceA', INTAKE_A)).statusCode).toBe(200);
    expect((await intake('', 'admin')).total).toBe(2);
    const [entry] = await listAuditEntries(portal().database.db, {
      userId: ids().admin,
      action: 'intake_list',
      limit: 1,
    });
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ patient_keys: ['IA-1', 'IA-2'] });
  });

  // Last: it adds intake rows the tests above do not expect.
  it('says which intake patients the payor’s patient list holds, by the same key', async () => {
    await insertIntakePatients(portal().database.db, [
      // PA-3 is a patient of PAY-A; PB-1 is a patient, but of PAY-B.
      { patient_key: 'PA-3', patient_id: 'P2001', last_name: 'Jones', payor_key: 'PAY-A' },
      { patient_key: 'PB-1', patient_id: 'P9001', last_name: 'Smithson', payor_key: 'PAY-A' },
    ]);
    const listed = Object.fromEntries(
      (await intake()).patients.map((patient) => [patient.patient_key, patient.has_patient_record]),
    );
    expect(listed).toEqual({ 'IA-1': false, 'IA-2': false, 'PA-3': true, 'PB-1': false });
  });
});
