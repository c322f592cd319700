import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  BULK_ROW_ERRORS,
  CSV_FILE_MESSAGES,
  type TBulkUploadResponse,
} from '@portal/domain/bulk-users';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { testDialects } from '../../test/databases';
import { insertPayors } from '../../test/erp-fixtures';
import { createTestUser, signIn, withSession } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { listAuditEntries } from '../audit/repository';
import { postCsv, signedInAs } from './test-support';

const UPLOAD = '/api/admin/bulk-upload-users';
const HEADER = 'email,first_name,last_name,role,role_id,payor_key,phone,title,office';

describe.each(testDialects())('Admin bulk user upload [%s]', (dialect) => {
  const portal = useTestPortal(dialect);
  let payorsReady = false;
  const admin = async () => {
    const { app, database } = portal();
    if (!payorsReady) {
      await insertPayors(database.db, [
        { payor_key: 'PAY-A', company_name: 'Acme Health' },
        { payor_key: 'PAY-B', company_name: 'Bay Care' },
      ]);
      payorsReady = true;
    }
    return signedInAs(app, 'admin');
  };
  const usersLike = (pattern: string) =>
    portal()
      .database.db.selectFrom('users')
      .selectAll()
      .where('email', 'like', pattern)
      .orderBy('email')
      .execute();

  it('serves the template with the spec’s columns and an example row, to admins only', async () => {
    const { app } = portal();
    const { jar } = await admin();
    const response = await app.inject(
      withSession(jar, { method: 'GET', url: '/api/admin/bulk-upload-template-simple' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const rows: string[][] = parse(response.body, {});
    expect(rows[0]).toEqual(HEADER.split(','));
    expect(rows[1]?.[0]).toBe('jane.doe@example.com');
    expect(rows).toHaveLength(2);
    for (const role of ['case_manager', 'customer_service', 'patient'] as const) {
      const other = await signedInAs(app, role);
      const denied = await app.inject(
        withSession(other.jar, { method: 'GET', url: '/api/admin/bulk-upload-template-simple' }),
      );
      expect(denied.statusCode).toBe(403);
      expect((await postCsv(app, other.jar, UPLOAD, `${HEADER}\nx@e.com,,,admin`)).statusCode).toBe(
        403,
      );
    }
    expect((await usersLike('x@e.com')).length).toBe(0);
  });

  it('reads quotes, BOM, CRLF and line breaks in quotes; each bad row fails alone', async () => {
    const { app, database } = portal();
    const { id: adminId, jar } = await admin();
    await createTestUser(database.db, { email: 'taken@bulk.example.com' });
    const lines = [
      HEADER,
      // 2: quoted comma and quoted quotes
      'ann@bulk.example.com,Ann,"O\'Neil, ""Jr""",case_manager,3,PAY-A,555-0101,"Lead, Intake","Suite 5, Floor 2"',
      // 3: role id only, upper-case email
      'BOB@Bulk.Example.com,Bob,Stone,,1,,,,',
      // 4: line break inside a quoted field (one record, refused as a single-line field)
      'carl@bulk.example.com,"Carl\nMulti",Line,admin,,,,,',
      // 5: invalid email
      'not-an-email,Dee,X,admin,,,,,',
      // 6: role and role_id disagree
      'eve@bulk.example.com,Eve,X,admin,3,,,,',
      // 7: unknown role
      'fay@bulk.example.com,Fay,X,superuser,,,,,',
      // 8: case manager without a payor
      'gus@bulk.example.com,Gus,X,case_manager,,,,,',
      // 9: unknown payor
      'hal@bulk.example.com,Hal,X,customer_service,,NOPE,,,',
      // 10: duplicate of row 2 (other case)
      'Ann@Bulk.example.com,Ann,Again,admin,,,,,',
      // 11: already in the database
      'taken@bulk.example.com,Tia,X,admin,,,,,',
      // 12: a spreadsheet's empty row, skipped (but still counted)
      ',,,,,,,,',
      // 13: formula-looking name is stored as text
      'ivy@bulk.example.com,=1+1,X,customer_service,5,PAY-B,,,',
    ];
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'))]);
    const response = await postCsv(app, jar, UPLOAD, body, 'Users Export.CSV');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { results } = response.json<TBulkUploadResponse>();
    expect(results.total).toBe(11);
    expect(
      results.successful.map(({ row, email, name, role }) => ({ row, email, name, role })),
    ).toEqual([
      { row: 2, email: 'ann@bulk.example.com', name: 'Ann O\'Neil, "Jr"', role: 'case_manager' },
      { row: 3, email: 'bob@bulk.example.com', name: 'Bob Stone', role: 'admin' },
      { row: 13, email: 'ivy@bulk.example.com', name: '=1+1 X', role: 'customer_service' },
    ]);
    expect(results.failed).toEqual([
      { row: 4, email: 'carl@bulk.example.com', error: BULK_ROW_ERRORS.invalidText('first_name') },
      { row: 5, email: 'not-an-email', error: BULK_ROW_ERRORS.emailInvalid },
      { row: 6, email: 'eve@bulk.example.com', error: BULK_ROW_ERRORS.roleMismatch('admin', '3') },
      { row: 7, email: 'fay@bulk.example.com', error: BULK_ROW_ERRORS.roleUnknown('superuser') },
      {
        row: 8,
        email: 'gus@bulk.example.com',
        error: BULK_ROW_ERRORS.payorRequired('case_manager'),
      },
      { row: 9, email: 'hal@bulk.example.com', error: BULK_ROW_ERRORS.payorUnknown('NOPE') },
      { row: 10, email: 'Ann@Bulk.example.com', error: BULK_ROW_ERRORS.duplicateInFile(2) },
      { row: 11, email: 'taken@bulk.example.com', error: BULK_ROW_ERRORS.emailTaken },
    ]);
    const stored = await usersLike('%@bulk.example.com');
    expect(stored.map((user) => user.email)).toEqual([
      'ann@bulk.example.com',
      'bob@bulk.example.com',
      'ivy@bulk.example.com',
      'taken@bulk.example.com',
    ]);
    const ann = stored[0];
    expect(ann).toMatchObject({
      username: 'Ann O\'Neil, "Jr"',
      first_name: 'Ann',
      last_name: 'O\'Neil, "Jr"',
      role: 'case_manager',
      payor_key: 'PAY-A',
      phone: '555-0101',
      title: 'Lead, Intake',
      office: 'Suite 5, Floor 2',
      password_reset_required: 1,
    });
    expect(ann?.password_hash).toMatch(/^\$argon2id\$/);
    const passwords = results.successful.map((user) => user.temp_password);
    expect(new Set(passwords).size).toBe(3);
    const [entry] = await listAuditEntries(database.db, {
      userId: adminId,
      action: 'bulk_user_upload',
    });
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({
      rows: 11,
      created: 3,
      failed: 8,
      delivery: 'temporary_password',
    });
  });

  it('reports each row on its spreadsheet row: blank rows count, a quoted line break does not', async () => {
    const { app } = portal();
    const { jar } = await admin();
    const lines = [
      HEADER,
      // 2 and 3: blank rows, as a spreadsheet saves them
      '',
      ',,,,,,,,',
      // 4
      'not-an-email,Dee,X,admin,,,,,',
      // 5: spaces only, blank too
      '   ',
      // 6: a quoted line break keeps the record on one spreadsheet row
      'rows@bulk3.example.com,"Two\nLines",X,admin,,,,,',
      // 7
      'kim@bulk3.example.com,Kim,X,admin,,,,,',
      // 8
      'KIM@bulk3.example.com,Dup,X,admin,,,,,',
    ];
    const response = await postCsv(app, jar, UPLOAD, `${lines.join('\r\n')}\r\n\r\n`);
    expect(response.statusCode).toBe(200);
    const { results } = response.json<TBulkUploadResponse>();
    expect(results.total).toBe(4);
    expect(results.successful.map(({ row, email }) => ({ row, email }))).toEqual([
      { row: 7, email: 'kim@bulk3.example.com' },
    ]);
    expect(results.failed).toEqual([
      { row: 4, email: 'not-an-email', error: BULK_ROW_ERRORS.emailInvalid },
      {
        row: 6,
        email: 'rows@bulk3.example.com',
        error: BULK_ROW_ERRORS.invalidText('first_name'),
      },
      { row: 8, email: 'KIM@bulk3.example.com', error: BULK_ROW_ERRORS.duplicateInFile(7) },
    ]);
  });

  it('a created user signs in with the temporary password and must set a new one first', async () => {
    const { app } = portal();
    const { jar } = await admin();
    const response = await postCsv(
      app,
      jar,
      UPLOAD,
      `${HEADER}\ntemp@bulk2.example.com,Tem,Porary,customer_service,,PAY-A,,,`,
    );
    const [created] = response.json<TBulkUploadResponse>().results.successful;
    expect(created).toBeDefined();
    const login = await signIn(app, {
      email: 'temp@bulk2.example.com',
      password: created?.temp_password ?? undefined,
    });
    expect(login.response.statusCode).toBe(200);
    expect(login.response.json()).toMatchObject({
      user: { password_reset_required: true, role: 'customer_service' },
    });
    const blocked = await app.inject(
      withSession(login.jar, { method: 'GET', url: '/api/profile' }),
    );
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: AUTH_MESSAGES.passwordResetRequired });
    const wrong = await signIn(app, {
      email: 'temp@bulk2.example.com',
      password: 'Other-Pass-77!',
    });
    expect(wrong.response.statusCode).toBe(401);
  });

  it('refuses a whole file beyond 2 MB or 5,000 rows, and files that are not CSV, creating nothing', async () => {
    const { app } = portal();
    const { jar } = await admin();
    const rows = (count: number, prefix: string) =>
      [
        HEADER,
        ...Array.from(
          { length: count },
          (_, i) => `${prefix}${i}@limit.example.com,A,B,admin,,,,,`,
        ),
      ].join('\n');
    const tooMany = await postCsv(app, jar, UPLOAD, rows(5_001, 'many'));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ error: CSV_FILE_MESSAGES.tooManyRows });
    const big = `${rows(3, 'big')}\n${'x'.repeat(2 * 1024 * 1024)}`;
    const tooBig = await postCsv(app, jar, UPLOAD, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: CSV_FILE_MESSAGES.tooLarge });
    const notCsv = await postCsv(app, jar, UPLOAD, rows(1, 'txt'), 'users.txt');
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json()).toMatchObject({ error: CSV_FILE_MESSAGES.selectCsv });
    const broken = await postCsv(app, jar, UPLOAD, `${HEADER}\n"open@limit.example.com,A`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ error: string }>().error).toContain(CSV_FILE_MESSAGES.unreadable);
    const noEmail = await postCsv(app, jar, UPLOAD, 'name,role\nA,admin');
    expect(noEmail.json()).toMatchObject({ error: CSV_FILE_MESSAGES.missingColumn('email') });
    const headerOnly = await postCsv(app, jar, UPLOAD, HEADER);
    expect(headerOnly.json()).toMatchObject({ error: CSV_FILE_MESSAGES.empty });
    const noFile = await app.inject(withSession(jar, { method: 'POST', url: UPLOAD, payload: {} }));
    expect(noFile.statusCode).toBe(400);
    expect((await usersLike('%@limit.example.com')).length).toBe(0);
  });
});
