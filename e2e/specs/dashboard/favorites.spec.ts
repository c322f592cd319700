import { expect, test } from '@playwright/test';
import type { TPatientListResponse } from '@portal/domain/patients-api';
import { fullName, sessionPayorKey, signInToDashboard } from '../../support/dashboard';

test('a favourite star survives a reload and the favourites view lists them', async ({ page }) => {
  await signInToDashboard(page);
  const payorKey = await sessionPayorKey(page);
  const response = await page.request.get(`/api/patients/payor/${payorKey}/patients?page=1`);
  const { patients } = (await response.json()) as TPatientListResponse;
  const patient = patients[1]!;
  const name = fullName(patient);

  const table = page.getByRole('table', { name: 'Patients' });
  const row = table.getByRole('row').filter({ hasText: patient.patient_id! });
  const star = row.getByRole('button', { name: new RegExp(`${name} (to|from) favorites$`) });
  await expect(star).toBeVisible();
  const wasFavorite = (await star.getAttribute('aria-pressed')) === 'true';
  const after = String(!wasFavorite);

  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', after);
  await expect(star).toHaveAccessibleName(
    wasFavorite ? `Add ${name} to favorites` : `Remove ${name} from favorites`,
  );

  await page.reload();
  await expect(star).toHaveAttribute('aria-pressed', after);

  // Favourites only: this page's favourites, without the pager.
  await page.getByRole('button', { name: 'Show Favorites' }).click();
  await expect(page.getByRole('heading', { name: /^Favorite Patients \(\d+\)$/ })).toBeVisible();
  await expect(row).toHaveCount(wasFavorite ? 0 : 1);
  await expect(page.getByRole('navigation', { name: 'Patients pages' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show All' }).click();
  await expect(page.getByRole('heading', { name: /^Patients \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

  // Leave the account as it was.
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', String(wasFavorite));
});
