import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS, AUDIT_EXPORT_MAX_ROWS } from '@portal/domain/audit-api';
import { testDialects } from '../../test/databases';
import { useScenario } from '../patients/test-scenario';
import { insertAuditEntry, listAuditEntries } from './repository';
import { neutralizeCell } from './csv';

const at = (iso: string) => Date.parse(iso);
const MAY = 'from=2021-05-01&to=2021-05-31';

describe('neutralizeCell', () => {
  it('prefixes what a spreadsheet would run as a formula, and leaves the rest', () => {
    for (const value of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(neutralizeCell(value)).toBe(`'${value}`);
    }
    for (const value of ['alice@example.com', '10.0.0.1', '{"a":"=1"}', '', 'a=b']) {
      expect(neutralizeCell(value)).toBe(value);
    }
  });
});

describe.each(testDialects())('GET /api/admin/audit/export [%s]', (dialect) => {
  const { portal, request, ids } = useScenario(dialect);
  let seeded = false;

  const seed = async () => {
    if (seeded) {
      return;
    }
    seeded = true;
    const { db } = portal().database;
    const base = { patient_key: null, detail: null };
    // Stored text an outsider chose: a forged client address, an email tried at sign-in.
    await insertAuditEntry(db, {
      ...base,
      at: at('2021-05-01T10:00:00Z'),
      user_id: null,
      action: 'login_failure',
      ip: '=HYPERLINK("http://evil.example","x")',
      detail: JSON.stringify({ email: '=cmd|"/c calc"!A1' }),
    });
    await insertAuditEntry(db, {
      ...base,
      at: at('2021-05-02T10:00:00Z'),
      user_id: ids().caseManagerA,
      action: 'patient_view',
      ip: '-2+3',
      patient_key: 'PA-1',
    });
    await insertAuditEntry(db, {
      ...base,
      at: at('2021-05-03T10:00:00Z'),
      user_id: ids().caseManagerB,
      action: 'patient_view',
      ip: '@SUM(1)',
      patient_key: 'PA-1',
      outcome: 'denied',
    });
    await insertAuditEntry(db, {
      ...base,
      at: at('2021-05-04T10:00:00Z'),
      user_id: ids().caseManagerA,
      action: 'order_list',
      ip: '10.0.0.1',
      patient_key: 'PA-2',
    });
  };

  const exportCsv = async (query: string) => {
    await seed();
    const response = await request('admin', `/api/admin/audit/export?${query}`);
    expect(response.statusCode).toBe(200);
    return {
      response,
      records: parse<Record<string, string>>(response.body, { columns: true }),
    };
  };

  it('sends the filtered rows as a CSV attachment, newest first, with a header', async () => {
    const { response, records } = await exportCsv(MAY);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.split('\r\n')[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(records.map((record) => record.action)).toEqual([
      'order_list',
      'patient_view',
      'patient_view',
      'login_failure',
    ]);
    expect(records[0]).toEqual({
      at: '2021-05-04T10:00:00.000Z',
      user_id: String(ids().caseManagerA),
      user_email: 'cm-a@example.com',
      action: 'order_list',
      outcome: 'allowed',
      ip: '10.0.0.1',
      patient_key: 'PA-2',
      patient_id: 'P1002',
      detail: '',
    });
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const { records } = await exportCsv(MAY);
    expect(records.map((record) => record.ip)).toEqual([
      '10.0.0.1',
      "'@SUM(1)",
      "'-2+3",
      `'=HYPERLINK("http://evil.example","x")`,
    ]);
    // The tried email sits inside the JSON detail, which starts with a brace.
    expect(records[3]?.detail).toBe('{"email":"=cmd|\\"/c calc\\"!A1"}');
    for (const record of records) {
      for (const cell of Object.values(record)) {
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });

  it('applies the same filters as the list, the patient ID included', async () => {
    const { records } = await exportCsv(`${MAY}&patient_id=P1001&outcome=denied`);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      user_email: 'cm-b@example.com',
      outcome: 'denied',
      patient_id: 'P1001',
    });
    const none = await exportCsv(`${MAY}&user=nobody@example.com`);
    expect(none.records).toEqual([]);
    expect(none.response.body).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('records the export itself, with its filters and row count', async () => {
    await exportCsv(`${MAY}&action=patient_view`);
    const [row] = await listAuditEntries(portal().database.db, {
      userId: ids().admin,
      action: 'audit_export',
      limit: 1,
    });
    expect(row?.outcome).toBe('allowed');
    expect(JSON.parse(row?.detail ?? '{}')).toEqual({
      from: '2021-05-01',
      to: '2021-05-31',
      action: 'patient_view',
      rows: 2,
    });
  });

  it('refuses an export past the cap with a message that says what to do', async () => {
    const { db } = portal().database;
    const start = at('2019-01-01T00:00:00Z');
    const rows = Array.from({ length: AUDIT_EXPORT_MAX_ROWS + 1 }, (_, index) => ({
      at: start + index,
      user_id: null,
      action: 'logout',
      ip: null,
      patient_key: null,
      detail: null,
    }));
    for (let index = 0; index < rows.length; index += 5_000) {
      await db
        .insertInto('audit_log')
        .values(rows.slice(index, index + 5_000))
        .execute();
    }
    const response = await request(
      'admin',
      '/api/admin/audit/export?from=2019-01-01&to=2019-01-01',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(
      'The export is limited to 100,000 rows and these filters match 100,001. Narrow the filters, for example the date range.',
    );

    // Under the cap, the rows come in batches of 2,000: none lost or repeated at the seams.
    await db
      .deleteFrom('audit_log')
      .where('at', '<', start + 95_000)
      .execute();
    const { records } = await exportCsv('from=2019-01-01&to=2019-01-01');
    expect(records).toHaveLength(5_001);
    const times = records.map((record) => Date.parse(record.at ?? ''));
    expect(times[0]).toBe(start + 100_000);
    expect(times.at(-1)).toBe(start + 95_000);
    expect(new Set(times).size).toBe(5_001);
  }, 120_000);
});
