import { expect, test, type Page } from '@playwright/test';
import { defaultOrderDateRange } from '@portal/domain/order-dates';
import type {
  TOrderListResponse,
  TPatientListResponse,
  TPatientSummary,
} from '@portal/domain/patients-api';
import { expectNoA11yViolations, shot } from '../../support/auth';
import {
  defaultDatesQuery,
  fullName,
  sessionPayorKey,
  signInToDashboard,
} from '../../support/dashboard';

/** The order-date keys of local storage, as the page holds them (null when absent). */
const savedDates = async (page: Page) => {
  const { origins } = await page.context().storageState();
  const saved = new Map(
    origins.flatMap((origin) => origin.localStorage).map((item) => [item.name, item.value]),
  );
  return Object.fromEntries(
    ['cm_dateType', 'cm_startDate', 'cm_endDate'].map((key) => [key, saved.get(key) ?? null]),
  );
};

/** A patient with orders both within the last 30 days and before them. */
const patientAcrossDates = async (page: Page) => {
  const payorKey = await sessionPayorKey(page);
  const list = await page.request.get(`/api/patients/payor/${payorKey}/patients?per_page=50`);
  const { patients } = (await list.json()) as TPatientListResponse;
  const ordersPath = (patient: TPatientSummary) =>
    `/api/patients/payor/${payorKey}/patient/${patient.patient_key}/orders?view=all&per_page=15`;
  for (const patient of patients) {
    const response = await page.request.get(`${ordersPath(patient)}&${defaultDatesQuery()}`);
    const body = (await response.json()) as TOrderListResponse;
    if (body.total > 0 && body.all_dates_counts.all > body.total) {
      const count = async (query: string) =>
        (
          (await (
            await page.request.get(`${ordersPath(patient)}&${query}`)
          ).json()) as TOrderListResponse
        ).total;
      return { patient, inDates: body.total, all: body.all_dates_counts.all, count };
    }
  }
  throw new Error('none of the first 50 patients has orders both in and before the last 30 days');
};

const openPatient = async (page: Page, patient: TPatientSummary) => {
  await page.getByLabel('Search patients').fill(patient.patient_id ?? '');
  const row = page
    .getByRole('table', { name: 'Patients' })
    .getByRole('row', { name: new RegExp(fullName(patient)) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: fullName(patient), exact: true }).click();
  await page
    .getByRole('group', { name: 'Order view' })
    .getByRole('button', { name: /^All Orders/ })
    .click();
};

test('the orders panel lists the last 30 days until told otherwise, and remembers the choice', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToDashboard(page);
  const { patient, inDates, all, count } = await patientAcrossDates(page);
  const name = fullName(patient);
  const heading = (total: number) =>
    page.getByRole('heading', { name: `Orders for ${name} (${total})` });
  const dates = page.getByRole('group', { name: 'Order dates' });
  const from = dates.getByLabel('From');
  const to = dates.getByLabel('To');
  const range = defaultOrderDateRange();

  // Nothing saved yet: created dates over the last 30 days, listed by the server.
  expect(await savedDates(page)).toEqual({
    cm_dateType: null,
    cm_startDate: null,
    cm_endDate: null,
  });
  await openPatient(page, patient);
  await expect(heading(inDates)).toBeVisible();
  await expect(dates.getByLabel('Date')).toHaveValue('created');
  await expect(from).toHaveValue(range.startDate);
  await expect(to).toHaveValue(range.endDate);
  await expect(dates.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoA11yViolations(page);
  await shot(page.getByRole('region', { name: /^Orders for / }), {
    path: 'screenshots/order-dates-default.png',
  });

  // All dates: every order, and the choice is kept under the spec's keys.
  await dates.getByRole('button', { name: 'All dates' }).click();
  await expect(heading(all)).toBeVisible();
  await expect(from).toHaveValue('');
  await expect(to).toHaveValue('');
  expect(await savedDates(page)).toEqual({
    cm_dateType: 'created',
    cm_startDate: '',
    cm_endDate: '',
  });
  await page.reload();
  await openPatient(page, patient);
  await expect(heading(all)).toBeVisible();
  await expect(from).toHaveValue('');

  // Delivered dates over the last 30 days: the default range is saved as no dates at all.
  await dates.getByLabel('Date').selectOption('delivered');
  await dates.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(heading(await count(`date_type=delivered&${defaultDatesQuery()}`))).toBeVisible();
  expect(await savedDates(page)).toEqual({
    cm_dateType: 'delivered',
    cm_startDate: null,
    cm_endDate: null,
  });

  // Days of one's own choosing; none in them leads back to all dates.
  await dates.getByLabel('Date').selectOption('created');
  await from.fill('2001-01-01');
  await to.fill('2001-01-31');
  await expect(page.getByText('No orders found for this patient.')).toBeVisible();
  await expect(page.getByText(`${all} orders in this view are outside these dates.`)).toBeVisible();
  expect(await savedDates(page)).toEqual({
    cm_dateType: 'created',
    cm_startDate: '2001-01-01',
    cm_endDate: '2001-01-31',
  });
  await expectNoA11yViolations(page);
  await shot(page.getByRole('region', { name: /^Orders for / }), {
    path: 'screenshots/order-dates-empty-range.png',
  });
  await page.getByRole('button', { name: 'Show orders from all dates' }).click();
  await expect(heading(all)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Orders', exact: true }).getByRole('row'),
  ).toHaveCount(Math.min(all, 15) + 1);
});

test('the date filter fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInToDashboard(page);
  const card = page.getByTestId('patient-card').first();
  const name = await card.getByRole('button').first().innerText();
  await card.getByRole('button', { name, exact: true }).click();
  const panel = page.getByRole('region', { name: new RegExp(`^Orders for ${name}`) });
  await expect(panel.getByRole('group', { name: 'Order dates' }).getByLabel('From')).toBeVisible();
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
  await shot(panel, { path: 'screenshots/order-dates-phone.png' });
});
