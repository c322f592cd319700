import { expect, test, type Page } from '@playwright/test';
import type { TPatientListResponse } from '@portal/domain/patients-api';
import { expectNoA11yViolations, shot } from '../../support/auth';
import { fullName, sessionPayorKey, signInToDashboard } from '../../support/dashboard';

/*
 * The browser's clock is Playwright's (installed before the first page loads); the portal's
 * is real. The server session therefore stays valid throughout, so every logoff seen here
 * comes from the web app itself.
 */

const WARNING = 'Your session is about to expire';
const EXPIRED = 'Your session has expired. Please login again.';

/** A patient on the session's first list page, found through the portal's own API. */
const firstPatient = async (page: Page) => {
  const payorKey = await sessionPayorKey(page);
  const response = await page.request.get(
    `/api/patients/payor/${payorKey}/patients?page=1&per_page=15`,
  );
  expect(response.ok()).toBe(true);
  const { patients } = (await response.json()) as TPatientListResponse;
  expect(patients.length).toBeGreaterThan(0);
  return patients[0]!;
};

test('an unattended screen warns at 28 minutes and is cleared and signed out at 30', async ({
  page,
}) => {
  await page.clock.install();
  await signInToDashboard(page);
  const patient = await firstPatient(page);
  const name = fullName(patient);

  // A pushed navigation, so going back after the logoff has somewhere to go.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Patient Search' })
    .click();
  await expect(page).toHaveURL(/\/patient-search$/);
  const patients = page.getByRole('table', { name: 'Patients' });
  await expect(patients.getByRole('button', { name, exact: true }).first()).toBeVisible();

  // 28 minutes without input: the warning, with the focus on its button.
  await page.clock.fastForward('28:00');
  const dialog = page.getByRole('alertdialog', { name: WARNING });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/signed out in [01]:\d\d/);
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/idle-logoff-warning.png' });

  // Stay signed in: a refreshed session the server still answers, and the dialog closes.
  const refreshed = page.waitForResponse(
    (response) => response.url().endsWith('/api/refresh-token') && response.status() === 200,
  );
  const checked = page.waitForResponse(
    (response) => response.url().endsWith('/api/check-auth') && response.status() === 200,
  );
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await refreshed;
  await checked;
  await expect(dialog).toHaveCount(0);
  await page.getByLabel('Search patients').fill(patient.patient_id ?? '');
  await expect(page.getByRole('heading', { name: 'Patients (1)' })).toBeVisible();
  await expect(patients.getByRole('button', { name, exact: true })).toBeVisible();
  // Still on the screen, its search in the address (issue 30).
  await expect(page).toHaveURL(/\/patient-search\?search=/);

  // 30 minutes without input: logout, the login page with the spec's message, nothing left.
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
  await page.clock.fastForward('30:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(EXPIRED)).toBeVisible();
  expect((await loggedOut).ok()).toBe(true);
  await expect(page.getByText(name)).toHaveCount(0);
  expect((await page.request.get('/api/check-auth')).status()).toBe(401);

  // Going back does not bring the patients back.
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});

test('input in one tab keeps the other tabs signed in', async ({ page, context }) => {
  await page.clock.install();
  await signInToDashboard(page);
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(other.getByRole('heading', { level: 2, name: 'Patient Search' })).toBeVisible();

  // Twenty minutes on, the user types in the first tab only.
  await page.clock.fastForward('20:00');
  await page.getByLabel('Search patients').press('a');
  // Twenty more: forty since the second tab last saw input of its own, twenty since any.
  await page.clock.fastForward('20:00');
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.getByRole('alertdialog', { name: WARNING })).toHaveCount(0);

  // Twenty-nine minutes after that keystroke both tabs warn; staying signed in in one
  // closes the warning in the other.
  await page.clock.fastForward('09:00');
  await expect(other.getByRole('alertdialog', { name: WARNING })).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: WARNING })).toBeVisible();
  await other.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(other.getByRole('alertdialog', { name: WARNING })).toHaveCount(0);
  await expect(page.getByRole('alertdialog', { name: WARNING })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
});
