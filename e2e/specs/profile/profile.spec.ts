import { expect, test, type Page } from '@playwright/test';
import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import { expectNoA11yViolations, signIn, shot } from '../../support/auth';
import type { TPatientSummary } from '@portal/domain/patients-api';
import { sessionPayorKey, signInToDashboard } from '../../support/dashboard';

// The demo customer service account: no other spec reads its dashboard or its name.
const USER = 'customer_service@example.com';

type TCountedPatient = TPatientSummary & { order_count: number };

/** The first dashboard page's patients as the portal's API counts them under the user's filters. */
const firstPage = async (page: Page) => {
  const payorKey = await sessionPayorKey(page);
  const response = await page.request.get(
    `/api/patients/payor/${payorKey}/patients?page=1&per_page=15`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { patients: TCountedPatient[] }).patients;
};

const totalOrders = (patients: TCountedPatient[]) =>
  patients.reduce((sum, patient) => sum + patient.order_count, 0);

/** The Orders cell of the patient's row in the dashboard's patient table. */
const ordersCell = async (page: Page, patient: TPatientSummary) => {
  const table = page.getByRole('table', { name: 'Patients' });
  const row = table
    .getByRole('row')
    // By patient ID: demo names repeat.
    .filter({ has: page.getByRole('cell', { name: patient.patient_id ?? '', exact: true }) });
  await expect(row).toBeVisible();
  const headers = await table.getByRole('columnheader').allTextContents();
  // The first column is the row header (the name); the others are cells.
  const column = headers.findIndex((header) => header.trim() === 'Orders') - 1;
  expect(column).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(column);
};

test('a user renames themselves and changes their order categories; the dashboard follows', async ({
  page,
}) => {
  await signInToDashboard(page, USER);
  const before = await firstPage(page);
  await expect(page.getByRole('table', { name: 'Patients' })).toBeVisible();

  await page.getByRole('link', { name: 'My Profile' }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const account = page.getByRole('region', { name: 'Account Information' });
  await expect(account.getByLabel('Full Name')).toHaveValue('Demo Customer Service');
  await expect(account.getByLabel('Email Address')).toHaveValue(USER);
  const filters = page.getByRole('region', { name: 'Order Classification Filters' });
  await expect(filters.getByRole('checkbox').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/profile.png', fullPage: true });

  // Rename: no password asked, as the email stays.
  await account.getByLabel('Full Name').fill('Casey Rivera');
  await expect(account.getByLabel('Current Password', { exact: true })).toHaveCount(0);
  await account.getByRole('button', { name: 'Update Profile' }).click();
  await expect(account.getByRole('status')).toHaveText(PROFILE_MESSAGES.updated);
  const auth = (await (await page.request.get('/api/check-auth')).json()) as {
    user: { username: string };
  };
  expect(auth.user.username).toBe('Casey Rivera');

  // A changed email asks for the current password before it can be saved.
  await account.getByLabel('Email Address').fill('casey.rivera@example.com');
  await expect(account.getByLabel('Current Password', { exact: true })).toBeVisible();
  await account.getByLabel('Email Address').fill(USER);
  await expect(account.getByLabel('Current Password', { exact: true })).toHaveCount(0);

  // One order category only: the dashboard shows that category's patients.
  const { classifications } = (await (
    await page.request.get('/api/so-classifications')
  ).json()) as { classifications: { key: string; name: string | null }[] };
  const chosen = classifications[0]!;
  await filters.getByRole('checkbox', { name: chosen.name ?? chosen.key, exact: true }).check();
  await filters.getByRole('button', { name: 'Save Filters' }).click();
  await expect(filters.getByRole('status')).toHaveText(PROFILE_MESSAGES.filtersUpdated);
  const saved = (await (await page.request.get('/api/preferences')).json()) as {
    preferences: { so_classifications: string[] };
  };
  expect(saved.preferences.so_classifications).toEqual([chosen.key]);
  await shot(page, { path: 'screenshots/profile-saved.png', fullPage: true });

  // The order counts now count that category only; the dashboard shows the same.
  const after = await firstPage(page);
  expect(totalOrders(after)).toBeLessThan(totalOrders(before));
  const changed = after.find(
    (patient) =>
      patient.order_count <
      (before.find((old) => old.patient_key === patient.patient_key)?.order_count ?? 0),
  )!;
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(await ordersCell(page, changed)).toHaveText(String(changed.order_count));

  // Back to every category: the counts return.
  await page.getByRole('link', { name: 'My Profile' }).first().click();
  await filters.getByRole('checkbox', { name: chosen.name ?? chosen.key, exact: true }).uncheck();
  await filters.getByRole('button', { name: 'Save Filters' }).click();
  await expect(filters.getByRole('status')).toHaveText(PROFILE_MESSAGES.filtersUpdated);
  const original = before.find((patient) => patient.patient_key === changed.patient_key)!;
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(await ordersCell(page, original)).toHaveText(String(original.order_count));
});

test('the password form opens, checks the match, and closes clear on Cancel', async ({ page }) => {
  await signIn(page, 'patient@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByRole('button', { name: 'Change Password' }).click();
  await password.getByLabel('Current Password', { exact: true }).fill('Anything-1!');
  await password.getByLabel('New Password', { exact: true }).fill('Brand-New-Pass7!');
  await password.getByLabel('Confirm New Password', { exact: true }).fill('Brand-New-Pass8!');
  await password.getByRole('button', { name: 'Update Password' }).click();
  // The same form as /change-password's: the mismatch shows under the field it concerns.
  const confirm = password.getByLabel('Confirm New Password', { exact: true });
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(password.getByText(PROFILE_MESSAGES.passwordsDiffer)).toBeVisible();
  // A patient sees no order classification filters.
  await expect(page.getByRole('region', { name: 'Order Classification Filters' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/profile-password.png', fullPage: true });

  await password.getByRole('button', { name: 'Cancel' }).click();
  await expect(password.getByLabel('Current Password', { exact: true })).toHaveCount(0);
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(password.getByLabel('Current Password', { exact: true })).toHaveValue('');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the profile sections stack in one column', async ({ page }) => {
    await signIn(page, 'patient@example.com');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, { path: 'screenshots/profile-mobile.png', fullPage: true });
  });
});
