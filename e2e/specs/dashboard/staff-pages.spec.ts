import { expect, test } from '@playwright/test';
import { formatDate } from '@portal/domain/format';
import type { TIntakeListResponse } from '@portal/domain/patients-api';
import { expectNoA11yViolations } from '../../support/auth';
import { sessionPayorKey, signInToDashboard } from '../../support/dashboard';

test('intake patients: total in the title, 20 a page, search on submit', async ({ page }) => {
  await signInToDashboard(page);
  const payorKey = await sessionPayorKey(page);
  const response = await page.request.get(
    `/api/patients/payor/${payorKey}/intake-patients?page=1&per_page=20`,
  );
  const expected = (await response.json()) as TIntakeListResponse;

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Intake' })
    .click();
  await expect(page).toHaveURL(/\/intake$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `Intake Patients (${expected.total})` }),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Intake patients' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Patient Name',
    'Patient ID',
    'Date of Birth',
  ]);
  await expect(table.getByRole('row')).toHaveCount(expected.patients.length + 1);
  if (expected.pages > 1) {
    await expect(page.getByText(`Page 1 of ${expected.pages}`)).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Page 2 of ${expected.pages}`)).toBeVisible();
  }
  await expectNoA11yViolations(page);

  const wanted = expected.patients[0]!;
  await page.getByLabel('Search intake patients').fill(` ${wanted.patient_id!} `);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(formatDate(wanted.dob));
  await expect(page.getByText(/^Page \d+ of \d+$/)).toHaveCount(0);

  await page.getByLabel('Search intake patients').fill('zz-nobody-zz');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No intake patients found')).toBeVisible();
});

test('the patient browser lists patients beside the chosen patient’s orders', async ({ page }) => {
  // Wide enough for the list and the orders side by side.
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signInToDashboard(page);
  await page.goto('/patient-search');
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Search' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Patients' });
  await expect(table.getByRole('row')).toHaveCount(16);
  await expect(page.getByText('Select a patient to view their orders')).toBeVisible();

  const first = table.getByRole('row').nth(1).getByRole('button').first();
  const name = await first.innerText();
  await first.click();
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Orders for ${name}`) }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'All Orders' }).click();
  const orders = page.getByRole('table', { name: 'Orders', exact: true });
  await expect(orders).toBeVisible();
  const rows = await orders.getByRole('row').count();

  // Order Categories: checkboxes and a count badge; the list itself does not change (a no-op).
  await page.getByRole('button', { name: 'Order Categories' }).click();
  const categories = page.getByRole('dialog', { name: 'Order Categories' });
  await expect(categories.getByText('Filter orders by category')).toBeVisible();
  await categories.getByRole('checkbox').first().check();
  await expect(page.getByRole('button', { name: 'Order Categories 1 selected' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(categories).toHaveCount(0);
  await expect(orders.getByRole('row')).toHaveCount(rows);
  await page.getByRole('button', { name: 'Clear category filters' }).click();
  await expect(page.getByRole('button', { name: 'Order Categories', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: 'screenshots/patient-search-desktop.png', fullPage: true });
});
