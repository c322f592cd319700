import { expect, test, type APIRequestContext } from '@playwright/test';
import { orderProgress, type TOrderPhase } from '@portal/domain/order-progress';
import { orderReason } from '@portal/domain/order-reason';
import type { TOrderListResponse } from '@portal/domain/patients-api';
import { DEMO_PASSWORD, expectNoA11yViolations, signIn, shot } from '../../support/auth';

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
  const firstPage = async (phase: TOrderPhase) =>
    (await (
      await page.request.get(`${ordersPath}?page=1&per_page=15&phase=${phase}`)
    ).json()) as TOrderListResponse;
  const expected = { active: await firstPage('active'), past: await firstPage('past') };
  const total = expected.active.total + expected.past.total;
  expect(expected.active.total).toBeGreaterThan(0);
  expect(expected.past.total).toBeGreaterThan(0);

  await expect(page.getByRole('heading', { name: `Your Orders (${total})` })).toBeVisible();
  for (const [phase, title] of [
    ['active', 'Active orders'],
    ['past', 'Past orders'],
  ] as const) {
    const section = page.getByRole('region', { name: `${title} (${expected[phase].total})` });
    const cards = section
      .getByRole('list', { name: `${title}, newest first` })
      .getByRole('article');
    await expect(cards).toHaveCount(expected[phase].orders.length);

    // Each card: its SO number, the step as 'Step n of 4: name', the label the domain gives,
    // the plain reason where the status has one, and done steps drawn done.
    for (const [index, order] of expected[phase].orders.entries()) {
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
      const reason = orderReason(order);
      if (reason) {
        await expect(card.getByText(reason, { exact: true })).toBeVisible();
      }
      const done = step === 4 ? 4 : step - 1;
      await expect(card.locator('li[data-state="done"]')).toHaveCount(done);
    }
  }

  // A card opens to its items, without the staff's SKU and HCPCS codes.
  const first = page.getByRole('article').first();
  await first.getByRole('button', { name: 'Show items' }).click();
  await expect(first.getByRole('button', { name: 'Hide items' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(first.getByText(/^Qty: |^No items found for this order\.$/).first()).toBeVisible();
  await expect(first.getByText(/SKU|HCPCS/)).toHaveCount(0);

  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/patient-timeline-desktop.png' });
  await shot(page, { path: 'screenshots/patient-timeline-desktop-full.png', fullPage: true });

  // Another patient's orders are not there for this patient, even under their own payor.
  const other = await anotherPatientOf(request, user.payor_key, user.patient_key);
  const foreign = await page.request.get(
    `/api/patients/payor/${user.payor_key}/patient/${other}/orders?page=1&per_page=15`,
  );
  expect(foreign.status()).toBe(404);
});

// Each list's pager is covered by patient-timeline.test.tsx: the demo patient's 18 orders no
// longer fill two pages of either list.
test('the timeline fits a phone, active orders first', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'patient@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  const active = page.getByRole('list', { name: 'Active orders, newest first' });
  const past = page.getByRole('list', { name: 'Past orders, newest first' });
  await expect(active.getByRole('article').first()).toBeVisible();
  await expect(past.getByRole('article').first()).toBeAttached();
  const [activeBox, pastBox] = [await active.boundingBox(), await past.boundingBox()];
  expect(activeBox!.y).toBeLessThan(pastBox!.y);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/patient-timeline-mobile.png' });
  await shot(page, { path: 'screenshots/patient-timeline-mobile-full.png', fullPage: true });

  // Nothing is wider than the phone.
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
