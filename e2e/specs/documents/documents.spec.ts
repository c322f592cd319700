import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signIn, shot } from '../../support/auth';
import { fullName, patientWithTrackedOrder, signInToDashboard } from '../../support/dashboard';

/**
 * Document Management (issue 13): a case manager uploads two files for an order, watches
 * them go up, finds and downloads one, and cannot delete; an admin deletes after
 * confirming. One story, so its steps run in order.
 */
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PDF_NAME = `cmn-${stamp}.pdf`;
const PNG_NAME = `pod-${stamp}.png`;
// A real PDF header, then enough bytes that the upload's progress can be watched.
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n'),
  Buffer.alloc(3 * 1024 * 1024, 32),
  Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

const csrfHeader = async (page: Page) => {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
  return { 'X-CSRF-TOKEN': token };
};

const documentId = async (page: Page, name: string) => {
  const response = await page.request.get(`/api/documents?search=${encodeURIComponent(name)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { documents: { id: string; file_name: string }[] };
  const found = body.documents.find((document) => document.file_name === name);
  expect(found).toBeDefined();
  return found!.id;
};

test('a case manager uploads two files for an order, finds, downloads, and cannot delete', async ({
  page,
}) => {
  await signInToDashboard(page);
  const { patient, order } = await patientWithTrackedOrder(page);

  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Document Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Document Library \(\d+\)$/ })).toBeVisible();
  await expectNoA11yViolations(page);

  // Client-side checks: a duplicate and a wrong format are refused with the spec's words.
  const chooser = page.getByLabel('Choose files');
  await chooser.setInputFiles([
    { name: PDF_NAME, mimeType: 'application/pdf', buffer: PDF },
    { name: PNG_NAME, mimeType: 'image/png', buffer: PNG },
  ]);
  await chooser.setInputFiles([
    { name: PDF_NAME, mimeType: 'application/pdf', buffer: PDF },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') },
  ]);
  const errors = page.getByTestId('upload-errors');
  await expect(errors).toContainText(`File ${PDF_NAME} already added.`);
  await expect(errors).toContainText(
    'notes.txt has an unsupported format. Allowed formats: pdf, jpg, jpeg, png, doc, docx.',
  );
  const items = page.getByTestId('upload-item');
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('upload-status')).toHaveText(['Ready', 'Ready']);

  // No order yet: the spec's message, nothing sent.
  await page.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(errors).toHaveText('Please enter an order number or name.');

  // Slow the upload down so the progress bar can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await page.getByLabel('Order number or patient name').fill(order.so_number);
  await page.getByRole('button', { name: 'Upload 2 files' }).click();
  const pdfProgress = page.getByRole('progressbar', { name: `Upload progress of ${PDF_NAME}` });
  await expect(items.first().getByTestId('upload-status')).toHaveText('Uploading');
  await expect
    .poll(async () => Number(await pdfProgress.getAttribute('aria-valuenow')))
    .toBeGreaterThan(0);
  await shot(page, { path: 'screenshots/documents-uploading.png', fullPage: true });
  await expect(page.getByTestId('upload-status')).toHaveText(['Uploaded', 'Uploaded'], {
    timeout: 20_000,
  });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(pdfProgress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('2 files uploaded.')).toBeVisible();

  // Both in the library, filed under the order.
  const table = page.getByRole('table', { name: 'Documents, newest first' });
  for (const name of [PDF_NAME, PNG_NAME]) {
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(order.so_number);
    await expect(row).toContainText(fullName(patient));
  }
  // Without delete_documents there is no Delete button at all.
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/documents.png', fullPage: true });

  // Search narrows the library to one file.
  await page.getByLabel('Search documents').fill(`pod-${stamp}`);
  await expect(table.getByRole('row', { name: new RegExp(PDF_NAME) })).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(PNG_NAME) })).toHaveCount(1);
  await page.getByLabel('Type').selectOption('pdf');
  await expect(page.getByText('No documents match your search')).toBeVisible();
  await page.getByLabel('Type').selectOption('');
  await page.getByLabel('Search documents').fill(`cmn-${stamp}`);
  await expect(table.getByRole('row', { name: new RegExp(PDF_NAME) })).toHaveCount(1);

  // Download: the same bytes, under the same name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${PDF_NAME}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(PDF_NAME);
  const saved = await readFile(await download.path());
  expect(saved.equals(PDF)).toBe(true);

  // The API refuses the delete too.
  const id = await documentId(page, PDF_NAME);
  const refused = await page.request.delete(`/api/documents/${id}`, {
    headers: await csrfHeader(page),
  });
  expect(refused.status()).toBe(403);

  // A phone gets cards instead of the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('document-card')).toHaveCount(1);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/documents-mobile.png', fullPage: true });
});

test('the order detail on the dashboard lists the order’s documents', async ({ page }) => {
  await signInToDashboard(page);
  const { patient, order } = await patientWithTrackedOrder(page);
  const name = fullName(patient);
  await page.getByLabel('Search patients').fill(patient.patient_id ?? '');
  await expect(page.getByRole('heading', { name: 'Patients (1)' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Patients' }).getByRole('row', {
    name: new RegExp(name),
  });
  await row.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: 'All Orders' }).click();
  await page
    .getByRole('table', { name: 'Orders', exact: true })
    .getByRole('button', { name: `Order ${order.so_number}` })
    .click();
  const documents = page.getByRole('list', { name: `Documents of order ${order.so_number}` });
  await expect(documents.getByText(PDF_NAME)).toBeVisible();
  await expect(documents.getByText(PNG_NAME)).toBeVisible();
  await page.getByRole('button', { name: 'Upload documents' }).click();
  const dialog = page.getByRole('dialog', {
    name: `Upload documents for order ${order.so_number}`,
  });
  await expect(dialog.getByLabel('Order number or patient name')).toHaveValue(order.so_number);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/documents-order-detail-upload.png' });
});

test('an admin deletes a document after confirming', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/documents');
  await page.getByLabel('Search documents').fill(stamp);
  const table = page.getByRole('table', { name: 'Documents, newest first' });
  await expect(table.getByRole('row', { name: new RegExp(PNG_NAME) })).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${PNG_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete document' });
  await expect(dialog).toContainText(`Delete "${PNG_NAME}"? This cannot be undone.`);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/documents-delete-dialog.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(PNG_NAME) })).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${PNG_NAME}` }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Document deleted.')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(PNG_NAME) })).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(PDF_NAME) })).toHaveCount(1);
});

test('a quoted file name and a hyphenated order number come back as the user gave them', async ({
  page,
}) => {
  await signInToDashboard(page);
  const { order } = await patientWithTrackedOrder(page);
  // The warehouse writes 'SO1020545'; people also type 'SO-1020545'.
  expect(order.so_number).toMatch(/^SO\d+$/);
  const typed = order.so_number.replace(/^SO/, 'SO-');
  const name = `cmn "final" ${stamp}.pdf`;

  await page.goto('/documents');
  const identifier = page.getByLabel('Order number or patient name');
  await expect(identifier).toHaveAttribute('placeholder', 'SO1020545 or Jane Smith');
  await identifier.fill(typed);
  await page
    .getByLabel('Choose files')
    .setInputFiles([{ name, mimeType: 'application/pdf', buffer: PDF }]);
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(page.getByTestId('upload-status')).toHaveText('Uploaded', { timeout: 20_000 });

  // Chromium sends the quotes as %22; the library shows them as they were.
  const table = page.getByRole('table', { name: 'Documents, newest first' });
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  const id = await documentId(page, name);
  const download = await page.request.get(`/api/documents/${id}/download`);
  expect(download.headers()['content-disposition']).toBe(
    `attachment; filename="cmn _final_ ${stamp}.pdf"; filename*=UTF-8''cmn%20%22final%22%20${stamp}.pdf`,
  );
});
