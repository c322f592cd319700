import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { AUDIT_CSV_COLUMNS } from '@portal/domain/audit-api';
import type { TPatientListResponse, TPayorOption } from '@portal/domain/patients-api';
import { expectNoA11yViolations, signIn, shot } from '../../support/auth';

test('an admin filters the audit trail to one patient and downloads it as CSV', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/documentation$/);

  // Read one patient's record, so the trail has a row that names the patient.
  const { payors } = (await (await page.request.get('/api/payors')).json()) as {
    payors: TPayorOption[];
  };
  const payorKey = payors[0]!.payor_key;
  const list = (await (
    await page.request.get(`/api/patients/payor/${payorKey}/patients`)
  ).json()) as TPatientListResponse;
  const patient = list.patients.find((row) => row.patient_id !== null)!;
  const patientId = patient.patient_id!;
  const detail = await page.request.get(
    `/api/patients/payor/${payorKey}/patient/${patient.patient_key}`,
  );
  expect(detail.status()).toBe(200);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Audit Trail' })
    .click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit trail, newest first' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // Keyboard only: type the patient ID and press Enter.
  await page.getByLabel('Patient ID').fill(patientId);
  await page.getByLabel('Patient ID').press('Enter');
  const rows = table.getByTestId('audit-row');
  // The record read names the patient by its ID; the list read that showed it is there too.
  // Other specs may sign in as admin meanwhile, so rows are found by content, not position.
  const recordRead = rows.filter({ hasText: 'Patient view' }).first();
  await expect(recordRead).toContainText(patientId);
  await expect(recordRead).toContainText('Allowed');
  await expect(rows.filter({ hasText: 'Patient list' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Entries \(\d+\)$/ })).toBeVisible();
  const shown = await rows.count();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/audit-trail.png', fullPage: true });

  // On a phone the rows become cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  await expect(page.getByTestId('audit-card').filter({ hasText: patientId }).first()).toBeVisible();
  await shot(page, { path: 'screenshots/audit-trail-mobile.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
  expect(lines.length - 1).toBeGreaterThanOrEqual(shown);
  expect(
    lines.some((line) =>
      new RegExp(`,patient_view,allowed,[^,]*,${patient.patient_key},${patientId},`).test(line),
    ),
  ).toBe(true);
  // Every row names the patient, or is a list read that showed it.
  for (const line of lines.slice(1)) {
    expect(line).toMatch(
      new RegExp(
        `(,${patient.patient_key},${patientId},|,(patient_list|intake_list|favorite_list),allowed,)`,
      ),
    );
  }
});

test('the audit trail shows a case manager Access Denied, and is not in their menu', async ({
  page,
}) => {
  await signIn(page, 'case_manager@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Trail' }),
  ).toHaveCount(0);
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit trail, newest first' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/audit')).status()).toBe(403);
  await expectNoA11yViolations(page);
});
