import { expect, test } from '@playwright/test';
import type {
  TClassification,
  TOrderListResponse,
  TPatientListResponse,
} from '@portal/domain/patients-api';
import { expectNoA11yViolations } from '../../support/auth';
import { fullName, sessionPayorKey, signInToDashboard } from '../../support/dashboard';

/**
 * Issue 30: the filters do what they say. Order Categories narrows the orders to the chosen
 * categories, and Show Favorites lists the user's favourites from every page (both departures
 * from core.md, docs/decisions.md).
 */

test('Order Categories narrows a patient’s orders to the chosen category', async ({ page }) => {
  await signInToDashboard(page);
  const payorKey = await sessionPayorKey(page);
  const { classifications } = (await (
    await page.request.get('/api/so-classifications')
  ).json()) as { classifications: TClassification[] };
  const list = (await (
    await page.request.get(`/api/patients/payor/${payorKey}/patients?page=1&per_page=30`)
  ).json()) as TPatientListResponse;

  // A patient whose orders span two categories or more, so one category leaves some out.
  let chosen: { key: string; patientKey: string; all: number; narrowed: number } | undefined;
  for (const patient of list.patients) {
    const base = `/api/patients/payor/${payorKey}/patient/${patient.patient_key}/orders?page=1&per_page=15&view=all`;
    const all = (await (await page.request.get(base)).json()) as TOrderListResponse;
    const keys = new Set(all.orders.map((order) => order.so_classification_key).filter(Boolean));
    const key = [...keys].find((candidate) =>
      classifications.some((classification) => classification.key === candidate),
    );
    if (keys.size > 1 && key) {
      const narrowed = (await (
        await page.request.get(`${base}&categories=${encodeURIComponent(key)}`)
      ).json()) as TOrderListResponse;
      expect(narrowed.total).toBeLessThan(all.total);
      expect(narrowed.orders.every((order) => order.so_classification_key === key)).toBe(true);
      chosen = { key, patientKey: patient.patient_key, all: all.total, narrowed: narrowed.total };
      break;
    }
  }
  expect(chosen, 'a patient with orders in two categories').toBeDefined();
  const { key, patientKey, all, narrowed } = chosen!;
  const name = classifications.find((classification) => classification.key === key)!;

  await page.goto(`/dashboard?patient=${patientKey}&view=all`);
  const title = page.getByRole('heading', { name: /^Orders for / });
  await expect(title).toBeVisible();
  const allDates = page.getByRole('button', { name: 'All dates', exact: true });
  await allDates.click();
  await expect(allDates).toHaveAttribute('aria-pressed', 'true');
  await expect(title).toHaveText(new RegExp(`\\(${all}\\)$`));

  await page.getByRole('button', { name: 'Order Categories' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Categories' });
  await expect(dialog.getByText('Filter orders by category')).toBeVisible();
  await dialog.getByRole('checkbox', { name: name.name ?? name.key }).check();
  await expect(page.getByRole('button', { name: 'Order Categories 1 selected' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(title).toHaveText(new RegExp(`\\(${narrowed}\\)$`));

  await page.getByRole('button', { name: 'Clear category filters' }).click();
  await expect(page.getByRole('button', { name: 'Order Categories', exact: true })).toBeVisible();
  await expect(title).toHaveText(new RegExp(`\\(${all}\\)$`));
});

test('Show Favorites lists a favourite starred on another page, with the pager', async ({
  page,
}) => {
  await signInToDashboard(page);
  const payorKey = await sessionPayorKey(page);
  const second = (await (
    await page.request.get(`/api/patients/payor/${payorKey}/patients?page=2`)
  ).json()) as TPatientListResponse;
  // The last of page 2: no other spec stars it.
  const patient = second.patients.at(-1)!;
  const name = fullName(patient);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Patients' });
  const row = table.getByRole('row').filter({ hasText: patient.patient_id! });
  const star = row.getByRole('button', { name: new RegExp(`${name} (to|from) favorites$`) });
  const wasFavorite = (await star.getAttribute('aria-pressed')) === 'true';
  if (!wasFavorite) {
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
  }

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Show Favorites' }).click();
  await expect(page.getByRole('heading', { name: /^Favorite Patients \(\d+\)$/ })).toBeVisible();
  await expect(row).toHaveCount(1);
  await expect(page.getByText('No favorite patients found')).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Unstarred in the favourites list, it leaves it.
  if (!wasFavorite) {
    await star.click();
    await expect(row).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Show All' }).click();
  await expect(page.getByRole('heading', { name: /^Patients \(\d+\)$/ })).toBeVisible();
});
