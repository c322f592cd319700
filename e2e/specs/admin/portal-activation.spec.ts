import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import type {
  TPatientsWithoutPortalResponse,
  TPatientWithoutPortal,
  TPayor,
} from '@portal/domain/portal-activation-api';
import { PORTAL_ACTIVATION_MESSAGES } from '@portal/domain/portal-activation-api';
import { expectNoA11yViolations, signIn } from '../../support/auth';

type TPicked = TPatientWithoutPortal & { payor_key: string; orders: number };

/**
 * Three patients without portal access whose email no other patient shares (so each
 * activation can succeed), the last with orders, found through the admin calls.
 */
const activatable = async (request: APIRequestContext): Promise<TPicked[]> => {
  const json = async <T>(url: string) => (await (await request.get(url)).json()) as T;
  const { payors } = await json<{ payors: TPayor[] }>('/api/admin/payors');
  const picked: TPicked[] = [];
  for (const payor of payors) {
    const { patients } = await json<TPatientsWithoutPortalResponse>(
      `/api/admin/patients-without-portal?limit=50&payor_key=${encodeURIComponent(payor.payor_key)}`,
    );
    for (const patient of patients) {
      if (picked.length === 3) {
        return picked;
      }
      if (!patient.email || !patient.patient_id || !patient.first_name || !patient.last_name) {
        continue;
      }
      const same = await json<TPatientsWithoutPortalResponse>(
        `/api/admin/patients-without-portal?limit=1&search=${encodeURIComponent(patient.email)}`,
      );
      const { total: orders } = await json<{ total: number }>(
        `/api/patients/payor/${payor.payor_key}/patient/${patient.patient_key}/orders?page=1&per_page=1`,
      );
      if (same.total_count === 1 && (picked.length < 2 || orders > 0)) {
        picked.push({ ...patient, payor_key: payor.payor_key, orders });
      }
    }
  }
  expect(picked).toHaveLength(3);
  return picked;
};

test('an admin activates two patients from search and one by CSV; the patient signs in to their orders', async ({
  page,
  browser,
}) => {
  // Many steps, two sign-ins and argon2 on a shared two-core machine: more than the default 30 s.
  test.setTimeout(120_000);
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/documentation$/);
  const [first, second, third] = await activatable(page.request);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Patient Portal Activation' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Patient Portal Activation' }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'CSV Upload' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Keyboard: the arrow key moves to the other tab.
  await page.getByRole('tab', { name: 'CSV Upload' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Search & Activate' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page.getByText(/0 patient\(s\) selected • [\d,]+ total without portal access/),
  ).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Activate Selected (0)' }).click();
  await expect(page.getByText(PORTAL_ACTIVATION_MESSAGES.selectPatient)).toBeVisible();

  const table = page.getByRole('table', { name: 'Patients without portal access' });
  for (const patient of [first!, second!]) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(patient.patient_id!);
    await expect(table.getByRole('row')).toHaveCount(2);
    await table
      .getByRole('checkbox', {
        name: `Select ${patient.first_name} ${patient.last_name} (${patient.patient_id})`,
      })
      .check();
  }
  await expect(page.getByText(/^2 patient\(s\) selected •/)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: 'screenshots/portal-activation-search.png', fullPage: true });
  await page.getByRole('button', { name: 'Activate Selected (2)' }).click();
  const results = page.getByRole('region', { name: 'Activation Results' });
  await expect(results).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Activated patients' }).getByRole('row'),
  ).toHaveCount(3);
  await expect(page.getByText(/^0 patient\(s\) selected •/)).toBeVisible();
  // The list reloads: the last patient searched has portal access now.
  await expect(page.getByText(PORTAL_ACTIVATION_MESSAGES.empty)).toBeVisible();
  await page.screenshot({ path: 'screenshots/portal-activation-results.png', fullPage: true });

  // Changing tab clears the results.
  await page.getByRole('tab', { name: 'CSV Upload' }).click();
  await expect(results).toHaveCount(0);
  const csv = `email,patient_id,payor_key\r\n${third!.email!.toUpperCase()},${third!.patient_id},\r\n${first!.email},${first!.patient_id},\r\n`;
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'activate.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload & Activate' }).click();
  await expect(results).toBeVisible();
  await expect(results.getByText('Total Processed').locator('..')).toContainText('2');
  await expect(page.getByRole('table', { name: 'Failed activations' })).toContainText(
    'Patient already has portal access',
  );
  await expectNoA11yViolations(page);
  await page.screenshot({ path: 'screenshots/portal-activation-csv.png', fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Results CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^patient_activation_results_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const file: string[][] = parse(await readFile(await download.path(), 'utf8'), { bom: true });
  const activated = file.find((row) => row[0] === 'activated')!;
  expect(activated.slice(1, 5)).toEqual(['2', third!.patient_id, '', third!.email!.toLowerCase()]);
  const password = activated[7]!;
  expect(file.find((row) => row[0] === 'failed')?.[8]).toBe('Patient already has portal access');

  // The patient signs in with the temporary password, sets their own, and sees their orders.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const patientPage = await context.newPage();
  await signIn(patientPage, third!.email!, password);
  await expect(patientPage).toHaveURL(/\/change-password$/);
  await patientPage.getByLabel('New password', { exact: true }).fill('Harbor-Violet-64!');
  await patientPage.getByLabel('Confirm new password', { exact: true }).fill('Harbor-Violet-64!');
  await patientPage.getByRole('button', { name: 'Set Password & Continue' }).click();
  await expect(patientPage).toHaveURL(/\/dashboard$/);
  const auth = (await (await patientPage.request.get('/api/check-auth')).json()) as {
    user: { role: string; patient_key: string };
  };
  expect(auth.user).toMatchObject({ role: 'patient', patient_key: third!.patient_key });
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(
    patientPage.getByRole('heading', { name: `Your Orders (${third!.orders})` }),
  ).toBeVisible();
  await expect(
    patientPage.getByRole('list', { name: 'Orders, newest first' }).getByRole('article').first(),
  ).toBeVisible();
  await patientPage.screenshot({
    path: 'screenshots/portal-activation-patient.png',
    fullPage: true,
  });
  await context.close();
});
