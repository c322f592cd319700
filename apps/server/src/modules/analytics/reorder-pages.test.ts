import { describe, expect, it } from 'vitest';
import { DAY_MS, REORDER_CSV_COLUMNS, type TReorderResponse } from '@portal/domain/analytics';
import { testDialects } from '../../test/databases';
import { insertOrders, insertPatients } from '../../test/erp-fixtures';
import { createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { refillAllSummaries } from './summaries';

// 2025-06-30 12:00 UTC; D(n) is n days from that day's midnight.
const NOW = Date.UTC(2025, 5, 30, 12);
const D = (days: number) => Date.UTC(2025, 5, 30) + days * DAY_MS + 3_600_000;

/** Two orders each; the gap sets the cycle, so the days until the next order are known. */
const PATIENTS = [
  // Cycle 10 from D(-30): due D(-10), overdue by 10. Its name reads as a formula.
  { key: 'a1', first: '=HYPERLINK("http://x")', last: 'Doe', days: [-30, -20] },
  // Cycle 6: due today.
  { key: 'a2', first: 'Ann', last: 'Lee', days: [-12, -6] },
  // Cycle 30: due in 20 days (upcoming).
  { key: 'a3', first: 'Bo', last: 'Kim', days: [-40, -10] },
  // Cycle 60: due in 30 days (upcoming).
  { key: 'a4', first: 'Cy', last: 'Ray', days: [-90, -30] },
  // Cycle 98: due in 96 days (scheduled).
  { key: 'a5', first: 'Di', last: 'Fox', days: [-100, -2] },
];

const seed = async (
  db: Parameters<typeof insertPatients>[0],
  patients: { key: string; first: string; last: string; days: number[] }[],
) => {
  await insertPatients(
    db,
    patients.map((patient) => ({
      patient_key: patient.key,
      patient_id: patient.key.toUpperCase(),
      first_name: patient.first,
      last_name: patient.last,
      payor_key: 'payor-1',
    })),
  );
  await insertOrders(
    db,
    patients.flatMap((patient) =>
      patient.days.map((day) => ({
        order_id: `${patient.key}${day}`,
        patient_key: patient.key,
        date_created: D(day),
        so_classification_name: 'Urology',
      })),
    ),
  );
};

describe.each(testDialects())('reorder list pages and CSV export [%s]', (dialect) => {
  const portal = useTestPortal(dialect, {}, { clock: () => NOW });
  const jars: Record<string, TJar> = {};
  const get = (who: string, url: string) =>
    portal().app.inject(withSession(jars[who]!, { method: 'GET', url }));
  const auditRows = (action: string) =>
    portal()
      .database.db.selectFrom('audit_log')
      .select(['detail', 'outcome'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('loads five patients and signs in', async () => {
    const { db } = portal().database;
    await seed(db, PATIENTS);
    await refillAllSummaries(db, dialect, NOW);
    for (const role of ['admin', 'case_manager'] as const) {
      await createTestUser(db, { email: `${role}@reorder.test`, role, payorKey: 'payor-1' });
      jars[role] = (await signIn(portal().app, { email: `${role}@reorder.test` })).jar;
    }
  });

  it('pages through the list most urgent first, each page audited with its patients', async () => {
    const page = async (offset: number) => {
      const response = await get(
        'admin',
        `/api/analytics/reorder-patterns?days=180&limit=2&offset=${offset}`,
      );
      expect(response.statusCode).toBe(200);
      return response.json<TReorderResponse>();
    };
    const pages = [await page(0), await page(2), await page(4), await page(6)];
    expect(pages.map((body) => body.reorder_patterns.map((row) => row.patient_key))).toEqual([
      ['a1', 'a2'],
      ['a3', 'a4'],
      ['a5'],
      [],
    ]);
    // Every page carries the figures of every tracked patient.
    expect(pages.every((body) => body.summary.total_patients === 5)).toBe(true);
    const rows = await auditRows('analytics_reorder_view');
    expect(JSON.parse(rows.at(-3)!.detail!)).toMatchObject({
      offset: 2,
      patient_keys: ['a3', 'a4'],
    });
    const bad = await get('admin', '/api/analytics/reorder-patterns?offset=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/^offset: offset must be a whole number/);
  });

  it('exports every tracked patient as CSV, formulas neutralised, and audits the export', async () => {
    const response = await get('admin', '/api/analytics/reorder-patterns/export?days=180');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="reorder_patients_2025-06-30.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(REORDER_CSV_COLUMNS.join(','));
    expect(lines.slice(1)).toEqual([
      `"'=HYPERLINK(""http://x"") Doe",A1,2,10,2025-06-10,2025-06-20,-10,Overdue,Urology`,
      'Ann Lee,A2,2,6,2025-06-24,2025-06-30,0,Due Soon,Urology',
      'Bo Kim,A3,2,30,2025-06-20,2025-07-20,20,Upcoming,Urology',
      'Cy Ray,A4,2,60,2025-05-31,2025-07-30,30,Upcoming,Urology',
      'Di Fox,A5,2,98,2025-06-28,2025-10-04,96,Scheduled,Urology',
    ]);
    const [row] = (await auditRows('analytics_reorder_export')).slice(-1);
    expect(row!.outcome).toBe('allowed');
    expect(JSON.parse(row!.detail!)).toEqual({
      days: 180,
      min_orders: 2,
      scope: 'all',
      rows: 5,
      patient_keys: ['a1', 'a2', 'a3', 'a4', 'a5'],
    });
  });

  it('exports only the patients needing attention when asked', async () => {
    const response = await get('admin', '/api/analytics/reorder-patterns/export?scope=attention');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('reorder_attention_2025-06-30.csv');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',').at(-2))).toEqual(['Overdue', 'Due Soon']);
    const bad = await get('admin', '/api/analytics/reorder-patterns/export?scope=everyone');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses the export to other staff (audited as denied) and to visitors', async () => {
    const refused = await get('case_manager', '/api/analytics/reorder-patterns/export');
    expect(refused.statusCode).toBe(403);
    expect((await auditRows('analytics_reorder_export')).at(-1)!.outcome).toBe('denied');
    const anonymous = await portal().app.inject({
      method: 'GET',
      url: '/api/analytics/reorder-patterns/export',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('records a long export in several audit rows that together name every patient', async () => {
    const { db } = portal().database;
    const many = Array.from({ length: 520 }, (_, index) => ({
      key: `b${String(index).padStart(3, '0')}`,
      first: 'Many',
      last: String(index),
      days: [-10, -5],
    }));
    await seed(db, many);
    await refillAllSummaries(db, dialect, NOW);
    const before = (await auditRows('analytics_reorder_export')).length;
    const response = await get('admin', '/api/analytics/reorder-patterns/export');
    expect(response.statusCode).toBe(200);
    // Streamed a slice of patients at a time: every slice's rows are named, the header once.
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 525);
    expect(lines[0]).toBe(`\uFEFF${REORDER_CSV_COLUMNS.join(',')}`);
    expect(lines.filter((line) => /^Many \d+,/.test(line))).toHaveLength(520);
    const rows = (await auditRows('analytics_reorder_export')).slice(before);
    const details = rows.map((row) => JSON.parse(row.detail!) as { patient_keys: string[] });
    expect(details.map((detail) => detail.patient_keys.length)).toEqual([500, 25]);
    expect(details[1]).toMatchObject({ part: 2, parts: 2, rows: 525 });
    expect(new Set(details.flatMap((detail) => detail.patient_keys)).size).toBe(525);
  });
});
