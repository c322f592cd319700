import { expect, test } from '@playwright/test';
import { formatDate } from '@portal/domain/format';
import type { TIntakeListResponse } from '@portal/domain/patients-api';
import { SUPPORT_CONTACT } from '@portal/domain/contact';
import { expectNoA11yViolations, shot } from '../../support/auth';
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
  // The patient's orders at any date, not only the last 30 days'.
  await page.getByRole('button', { name: 'All dates', exact: true }).click();
  const orders = page.getByRole('table', { name: 'Orders', exact: true });
  await expect(orders).toBeVisible();
  await expect(orders).toHaveAttribute('aria-busy', 'false');

  // Order Categories: checkboxes and a count badge (filters.spec.ts checks that it narrows).
  await page.getByRole('button', { name: 'Order Categories' }).click();
  const categories = page.getByRole('dialog', { name: 'Order Categories' });
  await expect(categories.getByText('Filter orders by category')).toBeVisible();
  await categories.getByRole('checkbox').first().check();
  await expect(page.getByRole('button', { name: 'Order Categories 1 selected' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(categories).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear category filters' }).click();
  await expect(page.getByRole('button', { name: 'Order Categories', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/patient-search-desktop.png', fullPage: true });
});

test('the public area needs no sign-in: support hours and phone, and a way to sign in', async ({
  page,
}) => {
  const shown = await page.goto('/public/support');
  expect(shown?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();
  await expect(page).toHaveURL(/\/public\/support$/);
  await expect(page.getByRole('link', { name: SUPPORT_CONTACT.phone })).toHaveAttribute(
    'href',
    SUPPORT_CONTACT.phoneHref,
  );
  await expect(page.getByText(SUPPORT_CONTACT.hours)).toBeVisible();
  // Nothing of a session was asked for, and no patient data is on the page.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
    'csrf_access_token',
  );
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/public-support.png', fullPage: true });

  // Any other address under /public stays in the public area.
  await page.goto('/public/opening-hours');
  await expect(page).toHaveURL(/\/public\/support$/);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('My Profile opens for case_manager_admin; Access Denied leads home', async ({ page }) => {
  await signInToDashboard(page, 'case_manager_admin@example.com');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
  expect((await page.request.get('/api/profile')).status()).toBe(200);
  // The document library keeps the route table's roles: no link, Access Denied, a way back.
  await expect(nav.getByRole('link', { name: 'Document Management' })).toHaveCount(0);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/access-denied-way-home.png', fullPage: true });
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Access Denied sends an admin-only page’s visitor to their own home', async ({ page }) => {
  await signInToDashboard(page, 'customer_service@example.com');
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
