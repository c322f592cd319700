import { expect, test } from '@playwright/test';
import type { TIntakeListResponse } from '@portal/domain/patients-api';
import { expectNoA11yViolations, shot } from '../../support/auth';
import { sessionPayorKey, signInToDashboard } from '../../support/dashboard';

test('an intake patient on the patient list opens on the dashboard with their orders', async ({
  page,
}) => {
  await signInToDashboard(page);
  const payorKey = await sessionPayorKey(page);
  const response = await page.request.get(`/api/patients/payor/${payorKey}/intake-patients`);
  const { patients } = (await response.json()) as TIntakeListResponse;
  const listed = patients.find((patient) => patient.has_patient_record && patient.patient_id);
  expect(listed, 'an intake patient of the first page is on the patient list').toBeDefined();
  const name = [listed!.first_name, listed!.last_name].filter(Boolean).join(' ');

  await page.goto('/intake');
  await page.getByLabel('Search intake patients').fill(listed!.patient_id!);
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Intake patients' });
  const link = table.getByRole('link', { name });
  await expect(link).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/intake-link.png' });

  await link.click();
  await expect(page).toHaveURL(/\/dashboard\?/);
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Orders for ${name}`) }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Patients' }).getByRole('row', { name: new RegExp(name) }),
  ).toHaveAttribute('aria-current', 'true');
});
