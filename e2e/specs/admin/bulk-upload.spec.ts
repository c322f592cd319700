import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { BULK_ROW_ERRORS, CSV_FILE_MESSAGES } from '@portal/domain/bulk-users';
import type { TPayor } from '@portal/domain/portal-activation-api';
import { expectNoA11yViolations, signIn, uniqueEmail, shot } from '../../support/auth';

const csvFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text, 'utf8'),
});

const openBulkUpload = async (page: Page) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/documentation$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Bulk User Upload' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk User Upload' })).toBeVisible();
};

test('an admin uploads 20 users with 3 bad rows, downloads the results, and a new user must set a password', async ({
  page,
  browser,
}) => {
  // Many steps, two sign-ins and argon2 on a shared two-core machine: more than the default 30 s.
  test.setTimeout(120_000);
  await openBulkUpload(page);
  await expect(
    page.getByText(/case_manager_admin or customer_service need a payor_key/),
  ).toBeVisible();
  const { payors } = (await (await page.request.get('/api/admin/payors')).json()) as {
    payors: TPayor[];
  };
  const payorKey = payors[0]!.payor_key;

  const tag = uniqueEmail('bulk').split('@')[0]!;
  const email = (n: number) => `${tag}-${n}@bulk.example.com`;
  const good = Array.from({ length: 17 }, (_, i) =>
    i === 0
      ? // A name a spreadsheet would run as a formula, quoted with a comma inside.
        `${email(i)},"=HYPERLINK(""x""),Al",Smith,case_manager,3,${payorKey},555-0100,"Lead, Intake",HQ`
      : `${email(i)},First${i},Last${i},${i % 2 ? 'customer_service' : 'admin'},,${i % 2 ? payorKey : ''},,,`,
  );
  const rows = [
    'email,first_name,last_name,role,role_id,payor_key,phone,title,office',
    ...good.slice(0, 5),
    // A blank spreadsheet row: it counts, so every later row keeps its spreadsheet number.
    '',
    'not-an-email,Bad,Email,admin,,,,,',
    ...good.slice(5, 10),
    `${tag}-x@bulk.example.com,Mis,Match,admin,3,,,,`,
    ...good.slice(10),
    `${email(3).toUpperCase()},Dup,Licate,admin,,,,,`,
  ];
  // Invitations are the default (issue 35); this admin hands out passwords.
  await page.getByRole('radio', { name: 'Show temporary passwords' }).check();
  await page.getByRole('button', { name: 'Upload Users' }).click();
  await expect(page.getByText(CSV_FILE_MESSAGES.selectFile)).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles(csvFile('notes.txt', 'hello'));
  await expect(page.getByText(CSV_FILE_MESSAGES.selectCsv)).toBeVisible();

  // A byte-order mark and CRLF, as a spreadsheet saves it.
  await page
    .getByLabel('CSV file')
    .setInputFiles(csvFile('new-staff.csv', `\uFEFF${rows.join('\r\n')}`));
  await expect(page.getByText(CSV_FILE_MESSAGES.selectCsv)).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload Users' }).click();
  const results = page.getByRole('region', { name: 'Upload Results' });
  await expect(results).toBeVisible({ timeout: 60_000 });
  await expect(results.getByText('Total', { exact: true }).locator('..')).toContainText('20');
  const created = page.getByRole('table', { name: 'Created users' });
  const failed = page.getByRole('table', { name: 'Failed rows' });
  await expect(created.getByRole('row')).toHaveCount(18);
  await expect(failed.getByRole('row')).toHaveCount(4);
  await expect(failed).toContainText(BULK_ROW_ERRORS.emailInvalid);
  await expect(failed).toContainText(BULK_ROW_ERRORS.roleMismatch('admin', '3'));
  await expect(failed).toContainText(BULK_ROW_ERRORS.duplicateInFile(5));
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/bulk-upload-results.png', fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Results CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^upload_results_\d{4}-\d{2}-\d{2}\.csv$/);
  const file: string[][] = parse(await readFile(await download.path(), 'utf8'), { bom: true });
  expect(file[0]).toEqual(['status', 'row', 'email', 'name', 'role', 'temp_password', 'error']);
  const createdRows = file.filter((row) => row[0] === 'created');
  const failedRows = file.filter((row) => row[0] === 'failed');
  expect(createdRows).toHaveLength(17);
  expect(failedRows.map((row) => [row[1], row[6]])).toEqual([
    ['8', BULK_ROW_ERRORS.emailInvalid],
    ['14', BULK_ROW_ERRORS.roleMismatch('admin', '3')],
    ['22', BULK_ROW_ERRORS.duplicateInFile(5)],
  ]);
  // The formula-looking name is neutralised; every created row has its temporary password.
  expect(createdRows.find((row) => row[2] === email(0))?.[3]).toBe(`'=HYPERLINK("x"),Al Smith`);
  expect(createdRows.every((row) => (row[5] ?? '').length === 16)).toBe(true);

  // On a phone the tables keep their columns and scroll inside their own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(created).toBeVisible();
  // The table scrolls inside its box; the page itself is never wider than the phone.
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, { path: 'screenshots/bulk-upload-mobile.png', fullPage: true });

  // A created user signs in with the temporary password and must choose a new one.
  const password = createdRows.find((row) => row[2] === email(1))![5]!;
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const newcomer = await context.newPage();
  await signIn(newcomer, email(1), password);
  await expect(newcomer).toHaveURL(/\/change-password$/);
  await expect(newcomer.getByRole('heading', { name: 'Set Your First Password' })).toBeVisible();
  await newcomer.getByLabel('New password', { exact: true }).fill('Maple-Rocket-58!');
  await newcomer.getByLabel('Confirm new password', { exact: true }).fill('Maple-Rocket-58!');
  await newcomer.getByRole('button', { name: 'Set Password & Continue' }).click();
  await expect(newcomer).toHaveURL(/\/dashboard$/);
  await context.close();
});

test('other roles get Access Denied on both admin upload screens', async ({ page }) => {
  await signIn(page, 'case_manager@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ['/admin/bulk-upload', '/admin/patient-portal-activation']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByLabel('CSV file')).toHaveCount(0);
  }
  const api = await page.request.get('/api/admin/bulk-upload-template-simple');
  expect(api.status()).toBe(403);
});
