import { expect, test } from '@playwright/test';
import type { TPatientListResponse } from '@portal/domain/patients-api';
import { sessionPayorKey, signInToDashboard } from '../../support/dashboard';

/**
 * The orders panel's controls stay where they are when a patient's counts arrive. The view
 * buttons once grew by their counts, wrapped onto a second row and moved the date buttons
 * down under a click made while the orders loaded (a CI walk clicked 'Last 30 days' for
 * 'All dates' so).
 */
test('the date buttons do not move when the view counts arrive', async ({ page }) => {
  await signInToDashboard(page);
  const payorKey = await sessionPayorKey(page);
  const list = (await (
    await page.request.get(`/api/patients/payor/${payorKey}/patients?page=1&per_page=5`)
  ).json()) as TPatientListResponse;
  const patientKey = list.patients[0]!.patient_key;

  // The patient's orders are held back until the panel has been measured without them.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/patient\/[^/]+\/orders\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/dashboard?patient=${patientKey}&view=all`);
  const title = page.getByRole('heading', { name: /^Orders for / });
  await expect(title).toBeVisible();
  const allDates = page.getByRole('button', { name: 'All dates', exact: true });
  await allDates.scrollIntoViewIfNeeded();
  const before = await allDates.boundingBox();
  await expect(page.getByRole('button', { name: /^All Orders \(\d+\)$/ })).toHaveCount(0);

  release();
  await expect(page.getByRole('button', { name: /^All Orders \(\d+\)$/ })).toBeVisible();
  expect(await allDates.boundingBox()).toEqual(before);
});
