import { describe, expect, it } from 'vitest';
import type { TAuditListResponse } from '@portal/domain/audit-api';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useScenario } from '../patients/test-scenario';
import { insertAuditEntry } from './repository';

/**
 * GET /api/admin/audit (issue 10): admins only, filters, paging, newest first. The
 * rows under test are written in March 2021 so the rows the scenario's own requests
 * add (today) stay out of every date-bounded query.
 */
const at = (iso: string) => Date.parse(iso);
const MARCH = 'from=2021-03-01&to=2021-03-31';

describe.each(testDialects())('GET /api/admin/audit [%s]', (dialect) => {
  // API_DOCS: the last test reads the OpenAPI document, off by default with a DATABASE_URL.
  const { portal, request, ids } = useScenario(dialect, { API_DOCS: 'true' });
  let seeded = false;

  const seed = async () => {
    if (seeded) {
      return;
    }
    seeded = true;
    const { db } = portal().database;
    const rows = [
      {
        at: at('2021-03-01T08:00:00Z'),
        user_id: ids().caseManagerA,
        action: 'patient_view',
        patient_key: 'PA-1',
      },
      {
        at: at('2021-03-02T09:00:00Z'),
        user_id: ids().caseManagerA,
        action: 'patient_list',
        detail: JSON.stringify({
          payor_key: 'PAY-A',
          search: 'PA-1',
          patient_keys: ['PA-1', 'PA-2'],
        }),
      },
      {
        // A search for the key's text and a longer key that contains it: not this patient.
        at: at('2021-03-03T10:00:00Z'),
        user_id: ids().caseManagerA,
        action: 'patient_list',
        detail: JSON.stringify({ payor_key: 'PAY-A', search: 'PA-1', patient_keys: ['PA-10'] }),
      },
      {
        at: at('2021-03-04T11:00:00Z'),
        user_id: ids().caseManagerB,
        action: 'patient_view',
        patient_key: 'PA-1',
        outcome: 'denied',
        detail: JSON.stringify({ status: 403 }),
      },
      {
        at: at('2021-03-05T12:00:00Z'),
        user_id: ids().customerServiceA,
        action: 'order_list',
        patient_key: 'PA-2',
      },
      { at: at('2021-03-31T23:59:59Z'), user_id: ids().admin, action: 'login_success' },
      { at: at('2021-04-01T00:00:00Z'), user_id: ids().admin, action: 'logout' },
    ];
    for (const row of rows) {
      await insertAuditEntry(db, { ip: '10.0.0.9', patient_key: null, detail: null, ...row });
    }
  };

  const list = async (query: string) => {
    await seed();
    const response = await request('admin', `/api/admin/audit?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<TAuditListResponse>();
  };
  const actions = (body: TAuditListResponse) => body.rows.map((row) => row.action);

  it('lists the trail newest first with emails, patient IDs and parsed detail', async () => {
    const body = await list(MARCH);
    expect(actions(body)).toEqual([
      'login_success',
      'order_list',
      'patient_view',
      'patient_list',
      'patient_list',
      'patient_view',
    ]);
    expect(body).toMatchObject({ total: 6, current_page: 1, pages: 1, per_page: 50 });
    expect(body.rows[2]).toEqual({
      id: expect.any(Number) as number,
      at: '2021-03-04T11:00:00.000Z',
      user_id: ids().caseManagerB,
      user_email: 'cm-b@example.com',
      action: 'patient_view',
      outcome: 'denied',
      ip: '10.0.0.9',
      patient_key: 'PA-1',
      patient_id: 'P1001',
      detail: { status: 403 },
    });
  });

  it('pages with page and per_page', async () => {
    const second = await list(`${MARCH}&per_page=4&page=2`);
    expect(actions(second)).toEqual(['patient_list', 'patient_view']);
    expect(second).toMatchObject({ total: 6, pages: 2, current_page: 2, per_page: 4 });
    expect((await request('admin', '/api/admin/audit?per_page=101')).statusCode).toBe(400);
  });

  it('filters by user email (any case) or id, action, outcome and dates', async () => {
    expect(actions(await list(`${MARCH}&user=CM-B@Example.com`))).toEqual(['patient_view']);
    expect(actions(await list(`${MARCH}&user=${ids().customerServiceA}`))).toEqual(['order_list']);
    expect((await list(`${MARCH}&user=nobody@example.com`)).total).toBe(0);
    expect((await list(`${MARCH}&action=patient_list`)).total).toBe(2);
    const denied = await list(`${MARCH}&outcome=denied`);
    expect(denied.rows.map((row) => row.user_id)).toEqual([ids().caseManagerB]);
    expect((await list(`${MARCH}&outcome=allowed`)).total).toBe(5);
    // Both ends are whole UTC days: the 31st's last second is in, April 1st is out.
    expect(actions(await list('from=2021-03-31&to=2021-04-01'))).toEqual([
      'logout',
      'login_success',
    ]);
    expect(actions(await list('from=2021-03-05&to=2021-03-05'))).toEqual(['order_list']);
  });

  it('filters by patient ID: reads of the patient and list reads that showed it', async () => {
    const body = await list(`${MARCH}&patient_id=P1001`);
    expect(body.rows.map((row) => [row.action, row.at.slice(0, 10)])).toEqual([
      ['patient_view', '2021-03-04'],
      ['patient_list', '2021-03-02'],
      ['patient_view', '2021-03-01'],
    ]);
    expect(actions(await list(`${MARCH}&patient_id=P1002`))).toEqual([
      'order_list',
      'patient_list',
    ]);
    expect((await list(`${MARCH}&patient_id=NO-SUCH-ID`)).total).toBe(0);
    const combined = await list(`${MARCH}&patient_id=P1001&outcome=denied`);
    expect(combined.rows.map((row) => row.user_email)).toEqual(['cm-b@example.com']);
  });

  it('refuses bad filters with a clear 400', async () => {
    const reversed = await request('admin', '/api/admin/audit?from=2021-03-05&to=2021-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ error: string }>().error).toContain(
      'The From date must not be after the To date',
    );
    const badDate = await request('admin', '/api/admin/audit?from=31/03/2021');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<{ error: string }>().error).toContain('Use a date like 2025-01-31');
    expect((await request('admin', '/api/admin/audit?action=drop_table')).statusCode).toBe(400);
    expect((await request('admin', '/api/admin/audit?outcome=maybe')).statusCode).toBe(400);
  });

  it('is for admins only: others get 403, and the refused read is itself a row', async () => {
    for (const user of ['caseManagerA', 'customerServiceA', 'patient'] as const) {
      expect((await request(user, '/api/admin/audit')).statusCode).toBe(403);
      expect((await request(user, '/api/admin/audit/export')).statusCode).toBe(403);
    }
    const anonymous = await portal().app.inject({ method: 'GET', url: '/api/admin/audit' });
    expect(anonymous.statusCode).toBe(401);
    const body = await list(`action=audit_view&outcome=denied&user=${ids().caseManagerA}`);
    expect(body.total).toBe(1);
    expect(body.rows[0]?.detail).toMatchObject({ status: 403 });
  });

  it('records each read of the trail with its filters, and answers no-store', async () => {
    const response = await request('admin', `/api/admin/audit?${MARCH}&patient_id=P1001`);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = await list(`action=audit_view&user=${ids().admin}&per_page=1`);
    expect(body.rows[0]).toMatchObject({
      outcome: 'allowed',
      detail: { from: '2021-03-01', to: '2021-03-31', patient_id: 'P1001', page: 1, rows: 3 },
    });
  });
});

// The document does not depend on the database; API_DOCS is off outside the embedded demo.
describe('the audit trail in the OpenAPI document', () => {
  const portal = useTestPortal('sqlite', { API_DOCS: 'true' });

  it('lists both calls, the CSV one as text/csv', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{
      paths: Record<string, { get?: { responses?: Record<string, { content?: object }> } }>;
    }>().paths;
    expect(paths['/api/admin/audit']?.get).toBeDefined();
    const csv = paths['/api/admin/audit/export']?.get?.responses?.['200']?.content;
    expect(Object.keys(csv ?? {})).toEqual(['text/csv']);
  });
});
