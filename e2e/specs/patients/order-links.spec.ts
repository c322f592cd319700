import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { TOrderLookupResponse } from '@portal/domain/order-lookup-api';
import { orderStatusLabel } from '@portal/domain/order-status-labels';
import type {
  TOrderListResponse,
  TPatientListResponse,
  TPayorOption,
} from '@portal/domain/patients-api';
import { hasTrackingNumber } from '@portal/domain/tracking';
import { DATA_DIR, expectNoA11yViolations, signIn, uniqueEmail, shot } from '../../support/auth';
import {
  CASE_MANAGER,
  defaultDatesQuery,
  sessionPayorKey,
  signInToDashboard,
} from '../../support/dashboard';

/**
 * Issue 30: an order has an address. A case manager pastes a tracking number and lands on
 * the order (status in plain words, days in it, history); the copied address opens the same
 * order for a colleague of the payor and nothing of it for anyone else.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

type TFound = TOrderLookupResponse & { order: { so_number: string; tracking_number: string } };

/**
 * A tracked order of the case manager's payor with a status history, in the orders panel's
 * default dates (the last 30 days), found through the API as the dashboard reads it, and not
 * the demo patient account's own order.
 */
const trackedOrderWithHistory = async (page: Page, notPatient: string | null): Promise<TFound> => {
  const payorKey = await sessionPayorKey(page);
  const list = await page.request.get(
    `/api/patients/payor/${payorKey}/patients?page=1&per_page=40`,
  );
  expect(list.ok()).toBe(true);
  const { patients } = (await list.json()) as TPatientListResponse;
  for (const patient of patients.filter((row) => row.patient_key !== notPatient)) {
    const response = await page.request.get(
      `/api/patients/payor/${payorKey}/patient/${patient.patient_key}/orders?page=1&per_page=15&view=all&${defaultDatesQuery()}`,
    );
    expect(response.ok()).toBe(true);
    const { orders } = (await response.json()) as TOrderListResponse;
    for (const order of orders) {
      if (!order.so_number || !hasTrackingNumber(order.tracking_number)) {
        continue;
      }
      const lookup = await page.request.get(`/api/patients/orders/${order.so_number}`);
      expect(lookup.ok()).toBe(true);
      const found = (await lookup.json()) as TFound;
      if (found.history.length > 0 && found.order.status_since) {
        return found;
      }
    }
  }
  throw new Error('no tracked order with a status history among the first 40 patients');
};

const plainWords = (found: TFound) =>
  found.order.status_label ??
  orderStatusLabel(found.order.status) ??
  found.order.status?.trim() ??
  'N/A';

/** A case manager of another payor, created the way an operator would, password set. */
const otherPayorCaseManager = async (browser: Browser, payorKey: string) => {
  const email = uniqueEmail('other-payor');
  const temporary = 'Temp-Start-Pass9!';
  const created = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'tools/create-user.ts',
      ...['--email', email, '--role', 'case_manager', '--payor', payorKey],
      ...['--password', temporary],
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR, DATABASE_URL: path.join(DATA_DIR, 'portal.db') },
    },
  );
  expect(created.status, created.stderr).toBe(0);
  const context = await browser.newContext();
  const page = await context.newPage();
  const prompt = page.getByRole('dialog', { name: 'Set Your Dashboard Filters' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Skip for now' }).click();
    await expect(prompt).toHaveCount(0);
  });
  await signIn(page, email, temporary);
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel('New password', { exact: true }).fill('Birch-Canyon-31!');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Birch-Canyon-31!');
  await page.getByRole('button', { name: 'Set Password & Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
};

test('a pasted tracking number opens the order; its address opens it for the payor only', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // The demo patient account's own patient, so the order found is not theirs.
  const patientContext = await browser.newContext();
  const patientPage = await patientContext.newPage();
  await signIn(patientPage, 'patient@example.com');
  await expect(patientPage).toHaveURL(/\/dashboard$/);
  const patientAuth = (await (await patientPage.request.get('/api/check-auth')).json()) as {
    user: { patient_key: string | null };
  };

  await signInToDashboard(page);
  const found = await trackedOrderWithHistory(page, patientAuth.user.patient_key);
  const so = found.order.so_number;
  const tracking = found.order.tracking_number.trim();

  // Paste the tracking number: no click, the order opens with its blocker first.
  await page.getByLabel('Search patients').fill(tracking);
  const heading = page.getByRole('heading', { name: `Order #${so}` });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`[?&]order=${so}(&|$)`));
  await expect(page.getByRole('heading', { name: /^Patients \(\d+\)$/ })).toBeInViewport();
  const status = page.getByRole('region', { name: 'Order status' });
  await expect(status).toContainText(plainWords(found));
  await expect(status).toContainText(
    /In this status(today|1 day|\d+ days) \(since \d\d\/\d\d\/\d{4}\)/,
  );
  await expect(status.getByRole('progressbar', { name: `Progress of order ${so}` })).toBeVisible();
  const history = page.getByRole('list', { name: 'Status history' });
  await expect(history.getByRole('listitem')).toHaveCount(found.history.length);

  // The whole tracking number, its carrier link and a copy button that says it copied.
  const detail = page.getByRole('region', { name: `Order #${so}` });
  await expect(detail.getByRole('link', { name: new RegExp(tracking) })).toBeVisible();
  await detail.getByRole('button', { name: 'Copy tracking number' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Copied' })).toHaveCount(1);
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(tracking);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/order-links-desktop.png' });

  // Back closes the order the search opened; Forward opens it again.
  await page.goBack();
  await expect(heading).toHaveCount(0);
  await page.goForward();
  await expect(heading).toBeVisible();
  const address = page.url();

  // A colleague of the same payor opens the address: the same order.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signInToDashboard(colleague, 'customer_service@example.com');
  await colleague.goto(address);
  await expect(colleague.getByRole('heading', { name: `Order #${so}` })).toBeVisible();
  await expect(colleague.getByRole('region', { name: 'Order status' })).toContainText(
    plainWords(found),
  );
  await colleagueContext.close();

  // A patient account: their own screen, nothing of the order.
  await patientPage.goto(address);
  await expect(patientPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(patientPage.getByText(so)).toHaveCount(0);
  await expect(patientPage.getByText(tracking)).toHaveCount(0);
  await patientContext.close();

  // A case manager of another payor: Access Denied, and without the payor 'Order not found'.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin@example.com');
  await expect(adminPage).not.toHaveURL(/\/login/);
  const all = (await (await adminPage.request.get('/api/payors')).json()) as {
    payors: TPayorOption[];
  };
  await admin.close();
  const own = await sessionPayorKey(page);
  const other = all.payors.find((payor) => payor.payor_key !== own);
  expect(other).toBeDefined();
  const stranger = await otherPayorCaseManager(browser, other!.payor_key);
  await stranger.page.goto(address);
  await expect(stranger.page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(stranger.page.getByText(so)).toHaveCount(0);
  await expect(stranger.page.getByText(tracking)).toHaveCount(0);
  await stranger.page.goto(`/dashboard?order=${so}`);
  await expect(stranger.page.getByText('Order not found')).toBeVisible();
  await expect(stranger.page.getByRole('heading', { name: `Order #${so}` })).toHaveCount(0);
  await expect(stranger.page.getByText(tracking)).toHaveCount(0);
  await expectNoA11yViolations(stranger.page);
  await stranger.context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an SO number opens its order, which fits the screen: no sideways scroll, axe clean', async ({
    page,
  }) => {
    await signInToDashboard(page, CASE_MANAGER);
    const found = await trackedOrderWithHistory(page, null);
    const so = found.order.so_number;
    // '/' puts the cursor in the search box; the SO number opens its order, scrolled to.
    await page.keyboard.press('/');
    await expect(page.getByLabel('Search patients')).toBeFocused();
    await page.keyboard.type(so);
    const heading = page.getByRole('heading', { name: `Order #${so}` });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL(new RegExp(`[?&]order=${so}(&|$)`));
    await expect(page.getByTestId('order-card').filter({ hasText: so })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.getByRole('list', { name: 'Status history' })).toBeVisible();
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
    await heading.scrollIntoViewIfNeeded();
    await shot(page, { path: 'screenshots/order-links-phone.png' });
    await page.getByRole('list', { name: 'Status history' }).scrollIntoViewIfNeeded();
    await shot(page, { path: 'screenshots/order-links-phone-history.png' });
  });
});
