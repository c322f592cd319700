import { expect, test } from '@playwright/test';
import type { TPatientListResponse, TPayorOption } from '@portal/domain/patients-api';
import { signIn } from '../../support/auth';

test('an admin chooses whose patients the dashboard shows', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/documentation$/);
  const { payors } = (await (await page.request.get('/api/payors')).json()) as {
    payors: TPayorOption[];
  };

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  const select = page.getByLabel('Payor');
  await expect(select.getByRole('option')).toHaveCount(payors.length);
  await expect(page.getByRole('heading', { name: /^Patients \(\d+\)$/ })).toBeVisible();

  const current = await select.inputValue();
  const other = payors.find((payor) => payor.payor_key !== current)!;
  const response = await page.request.get(`/api/patients/payor/${other.payor_key}/patients`);
  const { total } = (await response.json()) as TPatientListResponse;

  await select.selectOption(other.payor_key);
  await expect(page.getByRole('heading', { name: `Patients (${total})` })).toBeVisible();
  await expect(page.getByText('Select a patient to view their orders')).toBeVisible();
});
