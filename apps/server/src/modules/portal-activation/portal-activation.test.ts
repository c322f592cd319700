import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_ROW_ERRORS as ERR,
  type TActivationResponse,
  type TPatientsWithoutPortalResponse,
} from '@portal/domain/portal-activation-api';
import { testDialects } from '../../test/databases';
import { insertPatients, insertPayors } from '../../test/erp-fixtures';
import { createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { listAuditEntries } from '../audit/repository';
import { isUniqueViolation } from '../profile/repository';
import { postCsv, signedInAs } from '../admin-users/test-support';

const LIST = '/api/admin/patients-without-portal';
const BULK = '/api/admin/activate-patient-portal-bulk';
const CSV = '/api/admin/activate-patient-portal-csv';

describe.each(testDialects())('Patient portal activation [%s]', (dialect) => {
  const portal = useTestPortal(dialect);
  let ready: Promise<void> | undefined;
  const seed = async () => {
    const { db } = portal().database;
    await insertPayors(db, [
      { payor_key: 'PAY-A', company_name: 'Acme Health' },
      { payor_key: 'PAY-B', company_name: 'Bay Care' },
      { payor_key: 'PAY-SELF', company_name: '[Patient]' },
    ]);
    const patient = (
      key: string,
      id: string,
      first: string,
      last: string,
      email: string | null,
      payor = 'PAY-A',
    ) => ({
      patient_key: key,
      patient_id: id,
      first_name: first,
      last_name: last,
      email,
      phone: email ? '555-0199' : null,
      payor_key: payor,
    });
    await insertPatients(db, [
      patient('K-1', 'P001', 'Ada', 'Lovelace', 'Ada.Lovelace@Patients.example.com'),
      patient('K-2', 'P002', 'Bo', 'Brown', 'bo@patients.example.com'),
      patient('K-3', 'P003', 'Cy', 'Noemail', null),
      patient('K-4', 'P004', 'Di', 'Taken', 'staff-taken@patients.example.com'),
      patient('K-5', 'P005', 'Ed', 'Twin', 'twin@patients.example.com'),
      patient('K-6', 'P006', 'Fa', 'Twin', 'twin@patients.example.com'),
      patient('K-7', 'P007', 'Gi', 'Race', 'race@patients.example.com'),
      patient('K-8', 'P008', 'Ha', 'Bay', 'ha@patients.example.com', 'PAY-B'),
      patient('K-9', 'P009', 'Io', 'Csv', 'io@patients.example.com'),
      patient('K-10', 'S010', 'Sal', 'Selfpay', 'sal@patients.example.com', 'PAY-SELF'),
    ]);
    await createTestUser(db, { email: 'staff-taken@patients.example.com' });
  };
  const admin = async () => {
    ready ??= seed();
    await ready;
    return signedInAs(portal().app, 'admin');
  };
  const list = (jar: TJar, query = '') =>
    portal().app.inject(withSession(jar, { method: 'GET', url: `${LIST}?limit=50${query}` }));
  const bulk = (jar: TJar, keys: string[]) =>
    portal().app.inject(
      withSession(jar, { method: 'POST', url: BULK, payload: { patient_keys: keys } }),
    );
  const loginsOf = (key: string) =>
    portal().database.db.selectFrom('users').selectAll().where('patient_key', '=', key).execute();

  it('lists patients without portal access by name, email or ID and payor; audited, not cached', async () => {
    const { id, jar } = await admin();
    const all = await list(jar);
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const body = all.json<TPatientsWithoutPortalResponse>();
    expect(body.total_count).toBeGreaterThanOrEqual(9);
    expect(body.patients.find((p) => p.patient_key === 'K-1')).toEqual({
      patient_key: 'K-1',
      patient_id: 'P001',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'Ada.Lovelace@Patients.example.com',
      phone: '555-0199',
      primary_payor: 'Acme Health',
    });
    const keys = async (query: string) =>
      (await list(jar, query))
        .json<TPatientsWithoutPortalResponse>()
        .patients.map((p) => p.patient_key);
    expect(await keys('&search=ada%20love')).toEqual(['K-1']);
    expect(await keys('&search=P00')).toHaveLength(9);
    expect(await keys('&search=BO%40PATIENTS')).toEqual(['K-2']);
    expect(await keys('&search=%25')).toEqual([]);
    expect(await keys('&payor_key=PAY-B')).toEqual(['K-8']);
    // The self-pay entry is no payor to show: no choice in the filter, 'N/A' in the list.
    const selfPay = (await list(jar, '&search=S010')).json<TPatientsWithoutPortalResponse>();
    expect(selfPay.patients).toEqual([expect.objectContaining({ primary_payor: null })]);
    const paged = (await list(jar, '&search=P00&offset=8')).json<TPatientsWithoutPortalResponse>();
    expect(paged).toMatchObject({ total_count: 9 });
    expect(paged.patients).toHaveLength(1);
    const rows = await listAuditEntries(portal().database.db, {
      userId: id,
      action: 'portal_activation_list',
    });
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const payors = await portal().app.inject(
      withSession(jar, { method: 'GET', url: '/api/admin/payors' }),
    );
    expect(payors.json()).toEqual({
      success: true,
      payors: [
        { payor_key: 'PAY-A', company_name: 'Acme Health' },
        { payor_key: 'PAY-B', company_name: 'Bay Care' },
      ],
    });
  });

  it('activates selected patients; no email, a used email, unknown and active patients fail their row', async () => {
    const { app, database } = portal();
    const { id: adminId, jar } = await admin();
    const response = await bulk(jar, ['K-1', 'K-3', 'K-4', 'NOPE', 'K-1']);
    expect(response.statusCode).toBe(200);
    const { results } = response.json<TActivationResponse>();
    expect(results.total).toBe(5);
    expect(results.successful).toEqual([
      {
        row: 1,
        patient_id: 'P001',
        email: 'ada.lovelace@patients.example.com',
        name: 'Ada Lovelace',
        primary_payor: 'Acme Health',
        temp_password: expect.any(String) as string,
        invited: false,
      },
    ]);
    expect(
      results.failed.map(({ row, patient_key, error }) => ({ row, patient_key, error })),
    ).toEqual([
      { row: 2, patient_key: 'K-3', error: ERR.noEmail },
      { row: 3, patient_key: 'K-4', error: ERR.emailTaken },
      { row: 4, patient_key: 'NOPE', error: ERR.notFound },
      { row: 5, patient_key: 'K-1', error: ERR.duplicateInFile(1) },
    ]);
    const [login] = await loginsOf('K-1');
    expect(login).toMatchObject({
      role: 'patient',
      payor_key: 'PAY-A',
      password_reset_required: 1,
    });
    const again = (await bulk(jar, ['K-1'])).json<TActivationResponse>().results;
    expect(again.failed).toEqual([
      expect.objectContaining({ patient_key: 'K-1', error: ERR.alreadyActive }),
    ]);
    const audit = await listAuditEntries(database.db, {
      userId: adminId,
      action: 'portal_activation',
    });
    expect(audit.map((entry) => entry.patient_key)).toEqual(['K-1']);
    expect((await list(jar, '&search=P001')).json()).toMatchObject({ total_count: 0 });

    // The patient signs in with the temporary password, must change it, and sees only their record.
    const signedIn = await signIn(app, {
      email: 'ada.lovelace@patients.example.com',
      password: results.successful[0]?.temp_password ?? undefined,
    });
    expect(signedIn.response.json()).toMatchObject({
      user: { role: 'patient', patient_key: 'K-1', password_reset_required: true },
    });
    const changed = await app.inject(
      withSession(signedIn.jar, {
        method: 'POST',
        url: '/api/reset-password',
        payload: { new_password: 'Lantern-Orbit-93!' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    const own = await app.inject(
      withSession(signedIn.jar, {
        method: 'GET',
        url: '/api/patients/payor/PAY-A/patient/K-1/orders',
      }),
    );
    expect(own.statusCode).toBe(200);
    const other = await app.inject(
      withSession(signedIn.jar, {
        method: 'GET',
        url: '/api/patients/payor/PAY-A/patient/K-2/orders',
      }),
    );
    expect(other.statusCode).toBe(404);
  });

  it('activates by CSV, matching email and checking patient_id and payor_key', async () => {
    const { jar } = await admin();
    const csv = [
      '\uFEFFemail,patient_id,payor_key',
      'IO@patients.example.com,P009,PAY-A',
      'twin@patients.example.com,,',
      'twin@patients.example.com,P006,',
      'bo@patients.example.com,P999,',
      'ha@patients.example.com,,PAY-A',
      'nobody@patients.example.com,,',
      'not-an-email,,',
      'io@patients.example.com,,',
    ].join('\r\n');
    const response = await postCsv(portal().app, jar, CSV, csv, 'activate.csv');
    expect(response.statusCode).toBe(200);
    const { results } = response.json<TActivationResponse>();
    expect(results.total).toBe(8);
    expect(results.successful.map(({ row, patient_id }) => ({ row, patient_id }))).toEqual([
      { row: 2, patient_id: 'P009' },
      { row: 4, patient_id: 'P006' },
    ]);
    expect(results.failed.map(({ row, error }) => ({ row, error }))).toEqual([
      { row: 3, error: ERR.ambiguousEmail },
      { row: 5, error: ERR.patientIdMismatch },
      { row: 6, error: ERR.payorMismatch },
      { row: 7, error: ERR.noPatientWithEmail },
      { row: 8, error: ERR.emailInvalid },
      { row: 9, error: ERR.duplicateInFile(2) },
    ]);
    expect(await loginsOf('K-6')).toHaveLength(1);
    expect(await loginsOf('K-5')).toHaveLength(0);
  });

  it('reports CSV rows on their spreadsheet rows, blank rows included', async () => {
    const { jar } = await admin();
    const csv = 'email\n\n,\nsal@patients.example.com\n\nnobody@patients.example.com\n';
    const response = await postCsv(portal().app, jar, CSV, csv, 'blank-rows.csv');
    expect(response.statusCode).toBe(200);
    const { results } = response.json<TActivationResponse>();
    expect(results.total).toBe(2);
    expect(results.successful).toEqual([
      expect.objectContaining({ row: 4, patient_id: 'S010', primary_payor: null }),
    ]);
    expect(results.failed.map(({ row, error }) => ({ row, error }))).toEqual([
      { row: 6, error: ERR.noPatientWithEmail },
    ]);
  });

  it('creates exactly one login when admins activate the same patient at once', async () => {
    const first = await admin();
    const second = await admin();
    const responses = await Promise.all([
      bulk(first.jar, ['K-7']),
      bulk(second.jar, ['K-7']),
      bulk(first.jar, ['K-7']),
      postCsv(portal().app, second.jar, CSV, 'email\nrace@patients.example.com'),
    ]);
    const results = responses.map((response) => response.json<TActivationResponse>().results);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.flatMap((result) => result.successful)).toHaveLength(1);
    expect(results.flatMap((result) => result.failed.map((row) => row.error))).toEqual([
      ERR.alreadyActive,
      ERR.alreadyActive,
      ERR.alreadyActive,
    ]);
    expect(await loginsOf('K-7')).toHaveLength(1);
  });

  it('the database itself refuses a second login for one patient, whatever the checks saw', async () => {
    const { db } = portal().database;
    await createTestUser(db, { email: 'first-login@patients.example.com', patientKey: 'K-IDX' });
    const second = createTestUser(db, {
      email: 'second-login@patients.example.com',
      patientKey: 'K-IDX',
    });
    const error = await second.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(isUniqueViolation(error)).toBe(true);
    // Staff accounts have no patient key: NULLs never collide.
    await createTestUser(db, { email: 'no-key-1@patients.example.com' });
    await createTestUser(db, { email: 'no-key-2@patients.example.com' });
    expect(await loginsOf('K-IDX')).toHaveLength(1);
  });

  it('answers 403 to every other role on every call, creating nothing', async () => {
    const { app } = portal();
    await admin();
    for (const role of [
      'case_manager',
      'customer_service',
      'patient',
      'case_manager_admin',
    ] as const) {
      const { jar } = await signedInAs(app, role);
      for (const url of [
        LIST,
        '/api/admin/payors',
        '/api/admin/patient-portal-activation-template',
      ]) {
        const response = await app.inject(withSession(jar, { method: 'GET', url }));
        expect(response.statusCode, `${role} ${url}`).toBe(403);
      }
      expect((await bulk(jar, ['K-2'])).statusCode).toBe(403);
      expect((await postCsv(app, jar, CSV, 'email\nbo@patients.example.com')).statusCode).toBe(403);
    }
    expect(await loginsOf('K-2')).toHaveLength(0);
  });
});
