import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { formatPhone } from '@portal/domain/format';
import type {
  TPatientsWithoutPortalResponse,
  TPatientWithoutPortal,
  TPayor,
} from '@portal/domain/portal-activation-api';
import { PORTAL_ACTIVATION_MESSAGES } from '@portal/domain/portal-activation-api';
import { expectNoA11yViolations, signIn, shot } from '../../support/auth';

type TPicked = TPatientWithoutPortal & { payor: TPayor; orders: number };

/**
 * Three patients without portal access whose email no other patient shares (so each
 * activation can succeed), found through the admin calls: the first two on the first page
 * of one payor's list, the last with orders.
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
      const fits =
        picked.length === 2
          ? orders > 0
          : picked.length === 0 || picked[0]?.payor.payor_key === payor.payor_key;
      if (same.total_count === 1 && fits) {
        picked.push({ ...patient, payor, orders });
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
  // Invitations are the default (issue 35); this admin hands out passwords.
  await page.getByRole('radio', { name: 'Show temporary passwords' }).check();
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

  // The self-pay entry is no payor to filter by (core.md: '[Patient]' is hidden).
  const payorFilter = page.getByRole('combobox', { name: 'Payor' });
  await expect(
    payorFilter.getByRole('option', { name: first!.payor.company_name!, exact: true }),
  ).toHaveCount(1);
  await expect(payorFilter.getByRole('option', { name: '[Patient]' })).toHaveCount(0);
  await payorFilter.selectOption({ label: first!.payor.company_name! });
  const table = page.getByRole('table', { name: 'Patients without portal access' });
  const checkboxOf = (patient: TPicked) =>
    page.getByRole('checkbox', {
      name: `Select ${patient.first_name} ${patient.last_name} (${patient.patient_id})`,
      exact: true,
    });
  await expect(checkboxOf(first!)).toBeVisible();
  // Ten-digit phones read (xxx) xxx-xxxx, as everywhere else.
  await expect(table.getByRole('row').filter({ has: checkboxOf(first!) })).toContainText(
    formatPhone(first!.phone),
  );

  // The payor's own rows, not the previous list kept on screen (aria-busy) while they load:
  // their arrival drops a selection made on the previous list.
  await expect(page.locator('[aria-busy="true"]').filter({ has: table })).toHaveCount(0);

  // A search drops the selection: nothing hidden stays selected, nothing is activated unseen.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByText(/^[1-9]\d* patient\(s\) selected •/)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('no-such-patient-zz');
  await expect(page.getByText(PORTAL_ACTIVATION_MESSAGES.empty)).toBeVisible();
  await expect(
    page.getByText(/^0 patient\(s\) selected • 0 total without portal access$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate Selected (0)' })).toBeVisible();
  await search.fill('');
  await expect(checkboxOf(first!)).toBeVisible();
  await expect(checkboxOf(first!)).not.toBeChecked();
  await expect(page.getByText(/^0 patient\(s\) selected •/)).toBeVisible();
  await checkboxOf(first!).check();
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(checkboxOf(first!)).not.toBeChecked();
  await expect(page.getByText(/^0 patient\(s\) selected •/)).toBeVisible();

  await checkboxOf(first!).check();
  await checkboxOf(second!).check();
  await expect(page.getByText(/^2 patient\(s\) selected •/)).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/portal-activation-search.png', fullPage: true });
  // Activation asks first, saying how many; Cancel changes nothing and focus comes back.
  const activateSelected = page.getByRole('button', { name: 'Activate Selected (2)' });
  await activateSelected.click();
  const confirm = page.getByRole('alertdialog', { name: 'Activate 2 patients?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(activateSelected).toBeFocused();
  await expect(page.getByRole('region', { name: 'Activation Results' })).toHaveCount(0);
  await activateSelected.click();
  await confirm.getByRole('button', { name: 'Activate 2 patients' }).click();
  const results = page.getByRole('region', { name: 'Activation Results' });
  await expect(results).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Activated patients' }).getByRole('row'),
  ).toHaveCount(3);
  await expect(page.getByText(/^0 patient\(s\) selected •/)).toBeVisible();
  // The list reloads: both patients have portal access now.
  await expect(checkboxOf(first!)).toHaveCount(0);
  await expect(checkboxOf(second!)).toHaveCount(0);
  await shot(page, { path: 'screenshots/portal-activation-results.png', fullPage: true });

  // Changing tab clears the results.
  await page.getByRole('tab', { name: 'CSV Upload' }).click();
  await expect(results).toHaveCount(0);
  // A blank row before the first patient: rows are numbered as the spreadsheet shows them.
  const csv = `email,patient_id,payor_key\r\n,,\r\n${third!.email!.toUpperCase()},${third!.patient_id},\r\n${first!.email},${first!.patient_id},\r\n`;
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
  await shot(page, { path: 'screenshots/portal-activation-csv.png', fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Results CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^patient_activation_results_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const file: string[][] = parse(await readFile(await download.path(), 'utf8'), { bom: true });
  const activated = file.find((row) => row[0] === 'activated')!;
  expect(activated.slice(1, 5)).toEqual(['3', third!.patient_id, '', third!.email!.toLowerCase()]);
  const password = activated[7]!;
  const failedRow = file.find((row) => row[0] === 'failed');
  expect([failedRow?.[1], failedRow?.[8]]).toEqual(['4', 'Patient already has portal access']);

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
  await shot(patientPage, {
    path: 'screenshots/portal-activation-patient.png',
    fullPage: true,
  });
  await context.close();
});

test('a patient list that fails to load says so with Retry and keeps the screen', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/documentation$/);
  const listCall = '**/api/admin/patients-without-portal?**';
  await page.route(listCall, (route) => route.abort('connectionreset'));
  await page.goto('/admin/patient-portal-activation');
  await page.getByRole('tab', { name: 'Search & Activate' }).click();
  const failure = page
    .getByRole('alert')
    .filter({ hasText: PORTAL_ACTIVATION_MESSAGES.listFailed });
  await expect(failure).toBeVisible();
  // No made-up total beside it, and the search and filter stay.
  await expect(page.getByText(/^0 patient\(s\) selected$/)).toBeVisible();
  await expect(page.getByText(/total without portal access/)).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Payor' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/portal-activation-list-error.png', fullPage: true });

  await page.unroute(listCall);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table', { name: 'Patients without portal access' })).toBeVisible();
  await expect(
    page.getByText(/^0 patient\(s\) selected • [\d,]+ total without portal access$/),
  ).toBeVisible();
});
