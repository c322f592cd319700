import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatDataAsOf } from '@portal/domain/data-freshness';
import { ORDER_VIEWS, ORDER_VIEW_LABELS, type TOrderView } from '@portal/domain/order-progress';
import type {
  TOrderListResponse,
  TPatientListResponse,
  TPatientSummary,
} from '@portal/domain/patients-api';
import { DEMO_PASSWORD, expectNoA11yViolations, signIn, shot } from '../../support/auth';
import {
  defaultDatesQuery,
  fullName,
  sessionPayorKey,
  signInToDashboard,
} from '../../support/dashboard';

const apiHeaders = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/**
 * When the demo data's orders table was loaded, read from the sync job history as an
 * admin would see it there (not from the call the 'Data as of' line itself uses).
 */
const ordersSyncedAt = async (request: APIRequestContext) => {
  const login = await request.post('/api/login', {
    headers: apiHeaders,
    data: { email: 'admin@example.com', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const response = await request.get('/api/data-sync/jobs?status=completed&per_page=100', {
    headers: apiHeaders,
  });
  expect(response.ok()).toBe(true);
  const { jobs } = (await response.json()) as {
    jobs: { mysql_table: string | null; end_time: string | null }[];
  };
  const ends = jobs
    .filter((job) => job.mysql_table === 'orders' && job.end_time !== null)
    .map((job) => Date.parse(job.end_time!));
  expect(ends.length).toBeGreaterThan(0);
  return new Date(Math.max(...ends)).toISOString();
};

/**
 * A patient on the first list page whose orders in the default dates (the last 30 days) all
 * lie outside Action Items, the default view, with no Action Items at other dates either:
 * the case the walk-through found confusing.
 */
const patientOutsideDefaultView = async (page: Page) => {
  const payorKey = await sessionPayorKey(page);
  const list = await page.request.get(
    `/api/patients/payor/${payorKey}/patients?page=1&per_page=15`,
  );
  const { patients } = (await list.json()) as TPatientListResponse;
  for (const patient of patients) {
    const response = await page.request.get(
      `/api/patients/payor/${payorKey}/patient/${patient.patient_key}/orders?view=all&per_page=15&${defaultDatesQuery()}`,
    );
    const body = (await response.json()) as TOrderListResponse;
    const counts = body.view_counts;
    const order = body.orders.find((candidate) => candidate.so_number !== null);
    const noActionItems = counts.action_items === 0 && body.all_dates_counts.action_items === 0;
    if (noActionItems && counts.all > 0 && order) {
      return { patient, counts, order };
    }
  }
  throw new Error('no patient on the first page has orders only outside Action Items');
};

const viewButton = (page: Page, view: TOrderView) =>
  page
    .getByRole('group', { name: 'Order view' })
    .getByRole('button', { name: new RegExp(`^${ORDER_VIEW_LABELS[view]} \\(\\d+\\)$`) });

const openPatient = async (page: Page, patient: TPatientSummary) => {
  await page.getByLabel('Search patients').fill(patient.patient_id ?? '');
  const row = page
    .getByRole('table', { name: 'Patients' })
    .getByRole('row', { name: new RegExp(fullName(patient)) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: fullName(patient), exact: true }).click();
};

test('view counts, the empty-view hint, the detail panel and data freshness on the dashboard', async ({
  page,
  request,
}) => {
  // Many screens and checks in one walk, on a machine shared with other runs.
  test.setTimeout(90_000);
  await signInToDashboard(page);
  const syncedAt = await ordersSyncedAt(request);
  const asOf = page.getByText(formatDataAsOf(syncedAt), { exact: true });
  await expect(asOf).toBeVisible();
  await expect(asOf).toHaveClass(/text-slate-600/);

  const { patient, counts, order } = await patientOutsideDefaultView(page);
  const name = fullName(patient);
  await openPatient(page, patient);

  // Each button's count, and the list its view shows, agree.
  for (const view of ORDER_VIEWS) {
    const button = viewButton(page, view);
    await expect(button).toHaveText(`${ORDER_VIEW_LABELS[view]} (${counts[view]})`);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('heading', { name: `Orders for ${name} (${counts[view]})` }),
    ).toBeVisible();
    const rows = page.getByRole('table', { name: 'Orders', exact: true }).getByRole('row');
    if (counts[view] === 0) {
      await expect(page.getByText('No orders found for this patient.')).toBeVisible();
    } else {
      // The header row, then one row per order of the first page.
      await expect(rows).toHaveCount(Math.min(counts[view], 15) + 1);
    }
  }

  // Action Items is empty, but the patient has orders: the hint leads to All Orders.
  await viewButton(page, 'action_items').click();
  await expect(page.getByText('No orders found for this patient.')).toBeVisible();
  const hint = `This patient has ${counts.all} ${counts.all === 1 ? 'order' : 'orders'} in these dates, none in this view.`;
  await expect(page.getByText(hint)).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/dashboard-polish-empty-view.png', fullPage: true });
  await page
    .getByRole('button', {
      name: counts.all === 1 ? 'Show the 1 order' : `Show all ${counts.all} orders`,
    })
    .click();
  await expect(viewButton(page, 'all')).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('heading', { name: `Orders for ${name} (${counts.all})` }),
  ).toBeVisible();

  // The chosen order stays while its list shows it and leaves the panel with it.
  const orders = page.getByRole('table', { name: 'Orders', exact: true });
  await orders.getByRole('button', { name: `Order ${order.so_number}` }).click();
  const detailTitle = page.getByRole('heading', { name: `Order #${order.so_number}` });
  await expect(detailTitle).toBeVisible();
  await page.getByRole('button', { name: 'Refresh orders' }).click();
  await expect(detailTitle).toBeVisible();
  await viewButton(page, 'action_items').click();
  await expect(page.getByText('No orders found for this patient.')).toBeVisible();
  await expect(detailTitle).toHaveCount(0);
  await expect(page.getByText('Select an order to view details')).toBeVisible();
  await shot(page, {
    path: 'screenshots/dashboard-polish-detail-cleared.png',
    fullPage: true,
  });

  // The patient browser says the same.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Patient Search' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Search' })).toBeVisible();
  await expect(page.getByText(formatDataAsOf(syncedAt), { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/patient-search-data-as-of.png' });
});

test("a patient's own timeline says how fresh its data is", async ({ page, request }) => {
  await signIn(page, 'patient@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Your Orders \(\d+\)$/ })).toBeVisible();
  const syncedAt = await ordersSyncedAt(request);
  await expect(page.getByText(formatDataAsOf(syncedAt), { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/patient-timeline-data-as-of.png' });
});
