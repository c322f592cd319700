import { expect, test } from '@playwright/test';
import { formatDate } from '@portal/domain/format';
import { trackingUrl } from '@portal/domain/tracking';
import { expectNoA11yViolations, shot } from '../../support/auth';
import { fullName, patientWithTrackedOrder, signInToDashboard } from '../../support/dashboard';

test('a case manager finds a patient, reads their details and follows an order to its items', async ({
  page,
}) => {
  await signInToDashboard(page);
  const { patient, order } = await patientWithTrackedOrder(page);
  const name = fullName(patient);

  await expect(page.getByRole('heading', { name: /^Patients \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText('Select a patient to view their orders')).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/dashboard-desktop.png', fullPage: true });

  // Search by patient ID: after the debounce the list holds that patient.
  await page.getByLabel('Search patients').fill(patient.patient_id ?? '');
  const table = page.getByRole('table', { name: 'Patients' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Patients (1)' })).toBeVisible();
  await expect(row.getByRole('cell', { name: formatDate(patient.dob) })).toBeVisible();

  // Details modal: the blocks, then Escape closes it.
  await row.getByRole('button', { name: `Details for ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  for (const block of [
    'Personal Information',
    'Doctor Information',
    'Primary Payor',
    'Address Information',
    'Order Summary',
  ]) {
    await expect(dialog.getByRole('heading', { name: block })).toBeVisible();
  }
  await expect(dialog.getByText('Loading payor information...')).toHaveCount(0);
  await expect(dialog.getByText('[Patient]')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/dashboard-details-modal.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Focus is back on the button that opened the details, by Escape or by Close.
  const details = row.getByRole('button', { name: `Details for ${name}` });
  await expect(details).toBeFocused();
  await details.press('Enter');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(details).toBeFocused();

  // Orders: the default view is Action Items; All Orders shows the tracked one.
  await row.getByRole('button', { name, exact: true }).click();
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Orders for ${name}`) }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Action Items' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'All Orders' }).click();
  await expect(page.getByRole('button', { name: 'All Orders' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const { origins } = await page.context().storageState();
  const saved = origins.flatMap((origin) => origin.localStorage);
  expect(saved).toContainEqual({ name: 'cm_status', value: 'all' });
  await expect(page.getByText('Select an order to view details')).toBeVisible();

  const orders = page.getByRole('table', { name: 'Orders', exact: true });
  await orders.getByRole('button', { name: `Order ${order.so_number}` }).click();
  // Focus moves from the chosen row to the heading of the order it opened, scrolled into view.
  const orderHeading = page.getByRole('heading', { name: `Order #${order.so_number}` });
  await expect(orderHeading).toBeFocused();
  await expect(orderHeading).toBeInViewport();
  await expect(page.getByText(`Created on ${formatDate(order.date_created)}`)).toBeVisible();
  const items = page.getByRole('table', { name: 'Order items' });
  await expect(items.getByRole('columnheader')).toHaveText(['Item', 'SKU / HCPCS', 'Qty']);
  await expect(items.getByRole('row')).not.toHaveCount(1);

  const detail = page.getByRole('region', { name: `Order #${order.so_number}` });
  const tracking = detail.getByRole('link', { name: new RegExp(order.tracking_number!.trim()) });
  await expect(tracking).toHaveAttribute(
    'href',
    trackingUrl(order.carrier, order.tracking_number)!,
  );
  await expect(tracking).toHaveAttribute('target', '_blank');
  await expect(tracking).toHaveAttribute('rel', /noopener/);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/dashboard-desktop-order.png', fullPage: true });
});
