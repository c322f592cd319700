import { expect, test, type APIRequestContext } from '@playwright/test';
import { orderProgress } from '@portal/domain/order-progress';
import type { TOrderListResponse } from '@portal/domain/patients-api';
import { DEMO_PASSWORD, expectNoA11yViolations, signIn } from '../../support/auth';

const apiHeaders = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/** Another patient of the same payor, found through a staff account's own session. */
const anotherPatientOf = async (request: APIRequestContext, payorKey: string, own: string) => {
  const login = await request.post('/api/login', {
    headers: apiHeaders,
    data: { email: 'case_manager@example.com', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const list = await request.get(`/api/patients/payor/${payorKey}/patients?per_page=5`, {
    headers: apiHeaders,
  });
  expect(list.ok()).toBe(true);
  const { patients } = (await list.json()) as { patients: { patient_key: string }[] };
  const other = patients.find((patient) => patient.patient_key !== own);
  expect(other).toBeDefined();
  return other!.patient_key;
};

test('a patient follows their own orders on a timeline, and only their own', async ({
  page,
  request,
}) => {
  await signIn(page, 'patient@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const { user } = (await (await page.request.get('/api/check-auth')).json()) as {
    user: { payor_key: string; patient_key: string };
  };
  const ordersPath = `/api/patients/payor/${user.payor_key}/patient/${user.patient_key}/orders`;
  const firstPage = await page.request.get(`${ordersPath}?page=1&per_page=15`);
  const expected = (await firstPage.json()) as TOrderListResponse;
  expect(expected.total).toBeGreaterThan(0);

  await expect(
    page.getByRole('heading', { name: `Your Orders (${expected.total})` }),
  ).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Orders, newest first' });
  const cards = timeline.getByRole('article');
  await expect(cards).toHaveCount(expected.orders.length);

  // Each card shows its SO number, the step as 'Step n of 4: name' and the label the domain gives.
  for (const [index, order] of expected.orders.entries()) {
    const card = cards.nth(index);
    const { step, label } = orderProgress(order);
    await expect(
      card.getByRole('heading', { name: `Order #${order.so_number ?? order.order_id}` }),
    ).toBeVisible();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(step));
    await expect(card.getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      new RegExp(`^Step ${step} of 4: (Order Created|In Progress|Shipped|Delivered)$`),
    );
    await expect(card.getByText(label, { exact: false }).first()).toBeVisible();
  }

  // A card opens to its items.
  const first = cards.first();
  await first.getByRole('button', { name: 'Show items' }).click();
  await expect(first.getByRole('button', { name: 'Hide items' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(first.getByText(/^Qty: |^No items found for this order\.$/).first()).toBeVisible();

  await expectNoA11yViolations(page);
  await page.screenshot({ path: 'screenshots/patient-timeline-desktop.png' });
  await page.screenshot({ path: 'screenshots/patient-timeline-desktop-full.png', fullPage: true });

  // Another patient's orders are not there for this patient, even under their own payor.
  const other = await anotherPatientOf(request, user.payor_key, user.patient_key);
  const foreign = await page.request.get(
    `/api/patients/payor/${user.payor_key}/patient/${other}/orders?page=1&per_page=15`,
  );
  expect(foreign.status()).toBe(404);
});

test('the timeline pages through the orders and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'patient@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  const timeline = page.getByRole('list', { name: 'Orders, newest first' });
  await expect(timeline.getByRole('article').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: 'screenshots/patient-timeline-mobile.png' });
  await page.screenshot({ path: 'screenshots/patient-timeline-mobile-full.png', fullPage: true });

  // Nothing is wider than the phone.
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);

  const pager = page.getByRole('navigation', { name: 'Order pages' });
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const firstSo = await timeline.getByRole('heading', { level: 3 }).first().textContent();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(timeline.getByRole('heading', { level: 3 }).first()).not.toHaveText(firstSo!);
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
});
