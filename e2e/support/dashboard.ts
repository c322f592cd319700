import { expect, type Page } from '@playwright/test';
import type {
  TOrder,
  TOrderListResponse,
  TPatientListResponse,
  TPatientSummary,
} from '@portal/domain/patients-api';
import { defaultOrderDateRange } from '@portal/domain/order-dates';
import { hasTrackingNumber } from '@portal/domain/tracking';
import { signIn } from './auth';

/** The orders panel's default range (the last 30 days) as the orders call's query. */
export const defaultDatesQuery = () => {
  const { startDate, endDate } = defaultOrderDateRange();
  return `start_date=${startDate}&end_date=${endDate}`;
};

/** The demo case manager, tied to the payor with the most patients. */
export const CASE_MANAGER = 'case_manager@example.com';

/**
 * Signs in and lands on the staff dashboard. The first-login prompt belongs to
 * another feature and may open for a demo account that never answered it; whenever
 * it shows up, it is skipped.
 */
export const signInToDashboard = async (page: Page, email = CASE_MANAGER) => {
  const prompt = page.getByRole('dialog', { name: 'Set Your Dashboard Filters' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Skip for now' }).click();
    await expect(prompt).toHaveCount(0);
  });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Patient Search' })).toBeVisible();
};

/** The session user's payor, read through the running portal's own API. */
export const sessionPayorKey = async (page: Page) => {
  const response = await page.request.get('/api/check-auth');
  expect(response.ok()).toBe(true);
  const { user } = (await response.json()) as { user: { payor_key: string | null } };
  expect(user.payor_key).not.toBeNull();
  return user.payor_key!;
};

/**
 * A patient of the payor with a tracked order that the orders panel lists in All Orders
 * without changing its default dates (the last 30 days), found the way the dashboard would
 * find it, so the specs follow real data rather than a fixed seed.
 */
export const patientWithTrackedOrder = async (
  page: Page,
): Promise<{ patient: TPatientSummary; order: TOrder & { so_number: string } }> => {
  const payorKey = await sessionPayorKey(page);
  const list = await page.request.get(
    `/api/patients/payor/${payorKey}/patients?page=1&per_page=50`,
  );
  expect(list.ok()).toBe(true);
  const { patients } = (await list.json()) as TPatientListResponse;
  for (const patient of patients) {
    const response = await page.request.get(
      `/api/patients/payor/${payorKey}/patient/${patient.patient_key}/orders?page=1&per_page=15&view=all&${defaultDatesQuery()}`,
    );
    expect(response.ok()).toBe(true);
    const { orders } = (await response.json()) as TOrderListResponse;
    const order = orders.find(
      (candidate) => candidate.so_number !== null && hasTrackingNumber(candidate.tracking_number),
    );
    if (order?.so_number) {
      return { patient, order: { ...order, so_number: order.so_number } };
    }
  }
  throw new Error('none of the first 50 patients has a tracked order in the last 30 days');
};

export const fullName = (patient: TPatientSummary) =>
  [patient.first_name, patient.last_name].filter(Boolean).join(' ');
