import { describe, expect, it } from 'vitest';
import { BULK_ROW_ERRORS, bulkResultsCsvRows, checkBulkUserRow, isCsvFileName } from './bulk-users';
import { datedCsvName, neutralizeCsvCell } from './csv-cells';
import { activationResultsCsvRows } from './portal-activation-api';

describe('checkBulkUserRow', () => {
  const row = (cells: Record<string, string>) =>
    checkBulkUserRow({ email: 'ann@example.com', role: 'admin', ...cells });

  it('accepts a role by name or id, agreeing when both are given, and trims and lower-cases', () => {
    expect(
      row({ email: ' Ann@Example.COM ', role: ' Case_Manager ', role_id: '3', payor_key: 'P' }),
    ).toEqual({
      user: {
        email: 'ann@example.com',
        first_name: null,
        last_name: null,
        role: 'case_manager',
        payor_key: 'P',
        phone: null,
        title: null,
        office: null,
        name: 'ann',
      },
    });
    expect(
      row({ role: '', role_id: '5', payor_key: 'P', first_name: 'Ann', last_name: 'Lee' }),
    ).toMatchObject({ user: { role: 'customer_service', name: 'Ann Lee' } });
    expect(row({ role: '', role_id: '4' })).toMatchObject({ user: { role: 'patient' } });
  });

  it('names the first broken rule', () => {
    expect(row({ email: '' })).toEqual({ error: BULK_ROW_ERRORS.emailRequired });
    expect(row({ email: 'no-at-sign' })).toEqual({ error: BULK_ROW_ERRORS.emailInvalid });
    expect(row({ role: '' })).toEqual({ error: BULK_ROW_ERRORS.roleRequired });
    expect(row({ role: 'root' })).toEqual({ error: BULK_ROW_ERRORS.roleUnknown('root') });
    expect(row({ role: '', role_id: '9' })).toEqual({ error: BULK_ROW_ERRORS.roleIdUnknown('9') });
    expect(row({ role: '', role_id: '1.0' })).toEqual({
      error: BULK_ROW_ERRORS.roleIdUnknown('1.0'),
    });
    expect(row({ role: 'patient', role_id: '1' })).toEqual({
      error: BULK_ROW_ERRORS.roleMismatch('patient', '1'),
    });
    expect(BULK_ROW_ERRORS.roleMismatch('patient', '1')).toContain('(patient is 4)');
    expect(row({ role: 'customer_service' })).toEqual({
      error: BULK_ROW_ERRORS.payorRequired('customer_service'),
    });
    expect(row({ first_name: 'Ann\nLee' })).toEqual({
      error: BULK_ROW_ERRORS.invalidText('first_name'),
    });
    expect(row({ phone: '1'.repeat(33) })).toEqual({ error: BULK_ROW_ERRORS.tooLong('phone', 32) });
  });

  it('takes only .csv names, in any case', () => {
    expect(isCsvFileName('Users.CSV')).toBe(true);
    expect(isCsvFileName('users.csv.txt')).toBe(false);
  });
});

describe('results files', () => {
  it('neutralise formula-looking cells and name the file with the local date', () => {
    for (const value of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) {
      expect(neutralizeCsvCell(value)).toBe(`'${value}`);
    }
    expect(neutralizeCsvCell('Ann')).toBe('Ann');
    expect(datedCsvName('upload_results', new Date(2025, 0, 31, 23, 30))).toBe(
      'upload_results_2025-01-31.csv',
    );
  });

  it('list created then failed rows under one header', () => {
    const rows = bulkResultsCsvRows({
      total: 2,
      successful: [
        {
          row: 2,
          email: 'a@x.com',
          name: 'A',
          role: 'admin',
          temp_password: 'Pw1!',
          invited: false,
        },
        {
          row: 4,
          email: 'b@x.com',
          name: 'B',
          role: 'patient',
          temp_password: null,
          invited: true,
        },
      ],
      failed: [{ row: 3, email: 'bad', error: 'Email is not a valid email address' }],
    });
    expect(rows).toEqual([
      ['status', 'row', 'email', 'name', 'role', 'temp_password', 'error'],
      ['created', '2', 'a@x.com', 'A', 'admin', 'Pw1!', ''],
      // An invitation was mailed: the file says so where a password would be.
      ['created', '4', 'b@x.com', 'B', 'patient', 'invited', ''],
      ['failed', '3', 'bad', '', '', '', 'Email is not a valid email address'],
    ]);
    const activation = activationResultsCsvRows({
      total: 1,
      successful: [],
      failed: [
        { row: 1, patient_id: null, patient_key: 'K', email: null, error: 'Patient not found' },
      ],
    });
    expect(activation[1]).toEqual(['failed', '1', '', 'K', '', '', '', '', 'Patient not found']);
  });
});
