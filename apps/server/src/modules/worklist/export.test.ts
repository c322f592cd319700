import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { WORKLIST_CSV_HEADERS } from '@portal/domain/worklist-api';
import { testDialects } from '../../test/databases';
import { listAuditEntries } from '../audit/repository';
import { SMALL_EXPORT_LIMIT, useWorklistScenario } from './test-scenario';

const LIST_A = '/api/worklist/payor/PAY-A/orders';
const CSV_A = '/api/worklist/payor/PAY-A/orders.csv';

describe.each(testDialects())('the worklist export, audit and preferences [%s]', (dialect) => {
  const { portal, request, ids } = useWorklistScenario(dialect);

  const detailOf = (row: { detail: string | null } | undefined) =>
    JSON.parse(row?.detail ?? 'null') as Record<string, unknown>;

  it('exports the filtered list as CSV, formula cells neutralised', async () => {
    const response = await request('caseManagerA', `${CSV_A}?categories=CL-RESP`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="worklist_2025-02-01.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const records: string[][] = parse(response.body, { bom: true });
    expect(records[0]).toEqual([...WORKLIST_CSV_HEADERS]);
    expect(records.slice(1).map((record) => record[0])).toEqual([
      'SO-W4',
      'SO-O1',
      'SO-W1',
      'SO-W3',
    ]);
    expect(records[1]).toEqual([
      'SO-W4',
      'Mcneil, Tom',
      'P3002',
      '',
      '2025-01-13',
      'Waiting for SCA/LOA from the payer',
      '34 - Awaiting SCA/LOA',
      "'@SUM(A1)",
      '2024-12-01',
      '62',
      'Respiratory',
      '',
      '',
      '',
    ]);
  });

  it('refuses an export over the limit, asking to narrow the filters', async () => {
    const small = '/api/small/worklist/payor/PAY-A/orders.csv';
    const over = await request('caseManagerA', small);
    expect(over.statusCode).toBe(400);
    expect(over.json<{ error: string }>().error).toMatch(
      new RegExp(`limited to ${SMALL_EXPORT_LIMIT} orders and these filters match 7\\. Narrow`),
    );
    const within = await request('caseManagerA', `${small}?min_days=20`);
    expect(within.statusCode).toBe(200);
    expect(within.body.trim().split('\r\n')).toHaveLength(4);
  });

  it('audits every page and export with its filters and the patients shown', async () => {
    const { db } = portal().database;
    const userId = ids().caseManagerA;
    await request('caseManagerA', `${LIST_A}?per_page=2&search=jones`);
    const [listed] = await listAuditEntries(db, { userId, action: 'worklist_list', limit: 1 });
    expect(listed).toMatchObject({ outcome: 'allowed', patient_key: null });
    expect(detailOf(listed)).toEqual({
      payor_key: 'PAY-A',
      view: 'action_items',
      sub_status: null,
      categories: null,
      min_days: null,
      search: 'jones',
      sort: 'age',
      dir: 'desc',
      page: 1,
      per_page: 2,
      patient_keys: ['PA-3'],
    });
    await request('caseManagerA', `${CSV_A}?view=all&sort=patient`);
    const [exported] = await listAuditEntries(db, { userId, action: 'worklist_export', limit: 1 });
    expect(detailOf(exported)).toMatchObject({
      view: 'all',
      sort: 'patient',
      rows: 13,
      patient_keys: ['PA-4', 'PA-3', 'PA-6', 'PA-1', 'PA-2'],
    });
  });

  it('audits refused reads, by role and by payor', async () => {
    const { db } = portal().database;
    expect((await request('caseManagerB', `${LIST_A}?view=all`)).statusCode).toBe(403);
    const [denied] = await listAuditEntries(db, {
      userId: ids().caseManagerB,
      action: 'worklist_list',
      outcome: 'denied',
      limit: 1,
    });
    expect(detailOf(denied)).toMatchObject({
      status: 403,
      payor_key: 'PAY-A',
      query: { view: 'all' },
    });
    expect((await request('patient', CSV_A)).statusCode).toBe(403);
    const [patientDenied] = await listAuditEntries(db, {
      userId: ids().patient,
      action: 'worklist_export',
      outcome: 'denied',
      limit: 1,
    });
    expect(detailOf(patientDenied)).toMatchObject({ status: 403, payor_key: 'PAY-A' });
  });

  it('shows only the user’s enabled classifications; categories narrow within them', async () => {
    const { db } = portal().database;
    await db
      .insertInto('user_preferences')
      .values({
        user_id: ids().customerServiceA,
        kind: 'so_classification',
        value: 'CL-DIAB',
        created_at: 0,
      })
      .execute();
    const list = async (query: string) =>
      (await request('customerServiceA', `${LIST_A}${query}`)).json<{
        orders: { order_id: string }[];
        total: number;
        view_counts: Record<string, number>;
      }>();
    const diabetic = await list('?sort=date');
    expect(diabetic.orders.map((order) => order.order_id)).toEqual(['W2', 'O2']);
    expect(diabetic.view_counts).toEqual({ all: 3, action_items: 2, in_progress: 0, shipped: 1 });
    const none = await list('?categories=CL-RESP');
    expect(none).toMatchObject({ total: 0, orders: [] });
    expect(none.view_counts).toEqual({ all: 0, action_items: 0, in_progress: 0, shipped: 0 });
    // The case manager enabled none: every classification shows.
    expect((await request('caseManagerA', LIST_A)).json<{ total: number }>().total).toBe(7);
  });
});
