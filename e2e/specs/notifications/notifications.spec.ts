import { expect, request, test } from '@playwright/test';
import type {
  TActivationResponse,
  TPatientsWithoutPortalResponse,
  TPayor,
} from '@portal/domain/portal-activation-api';
import type { TWorklistResponse } from '@portal/domain/worklist-api';
import {
  DEMO_PASSWORD,
  createTemporaryUser,
  firstSignIn,
  expectNoA11yViolations,
  mailsTo,
  uniqueEmail,
  shot,
} from '../../support/auth';
import { adminApi, changeWarehouse, nextStamp, runDefaultSync } from '../../support/warehouse';

const PASSWORD = 'Lantern-Quay-73!';

/** The demo case manager's payor: other specs read its patients, so this one keeps off it. */
const demoPayor = async (baseURL: string) => {
  const context = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  await context.post('/api/login', {
    data: { email: 'case_manager@example.com', password: DEMO_PASSWORD },
  });
  const { user } = (await (await context.get('/api/check-auth')).json()) as {
    user: { payor_key: string };
  };
  await context.dispose();
  return user.payor_key;
};

test('a case manager hears by bell and mail when a starred patient’s order needs documents; the patient hears it shipped', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const api = await adminApi(baseURL!);
  const skip = await demoPayor(baseURL!);

  // An in-progress order, without tracking, of a patient with an email and no login yet.
  const { payors } = (await (await api.context.get('/api/admin/payors')).json()) as {
    payors: TPayor[];
  };
  let target:
    | { payorKey: string; orderId: string; soNumber: string; patientKey: string; patientId: string }
    | undefined;
  for (const { payor_key: payorKey } of payors.filter((payor) => payor.payor_key !== skip)) {
    const open = (await (
      await api.context.get(`/api/admin/patients-without-portal?payor_key=${payorKey}&limit=50`)
    ).json()) as TPatientsWithoutPortalResponse;
    const reachable = new Map(
      open.patients
        .filter((patient) => patient.email)
        .map((patient) => [patient.patient_key, patient]),
    );
    const worklist = (await (
      await api.context.get(`/api/worklist/payor/${payorKey}/orders?view=in_progress&per_page=100`)
    ).json()) as TWorklistResponse;
    const order = worklist.orders.find(
      (candidate) =>
        candidate.so_number &&
        !candidate.tracking_number &&
        reachable.has(candidate.patient.patient_key),
    );
    if (order) {
      target = {
        payorKey,
        orderId: order.order_id,
        soNumber: order.so_number!,
        patientKey: order.patient.patient_key,
        patientId: order.patient.patient_id ?? '',
      };
      break;
    }
  }
  expect(target, 'an in-progress order of a patient with an email').toBeDefined();
  const { payorKey, orderId, soNumber, patientKey, patientId } = target!;

  // The patient gets a portal login; a new case manager of the payor stars the patient.
  const activation = await api.context.post('/api/admin/activate-patient-portal-bulk', {
    headers: api.write,
    data: { patient_keys: [patientKey] },
  });
  const activated = ((await activation.json()) as TActivationResponse).results.successful[0]!;
  const caseManager = uniqueEmail('notified-cm');
  createTemporaryUser(caseManager, 'case_manager', 'Temp-Start-Pass9!', payorKey);
  await firstSignIn(page, caseManager, 'Temp-Start-Pass9!', PASSWORD);
  await page.getByLabel('Search patients').fill(patientId);
  const star = page
    .getByRole('table', { name: 'Patients' })
    .getByRole('row')
    .filter({ hasText: patientId })
    .getByRole('button', { name: /(to|from) favorites$/ });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The ERP moves the order to waiting on a prescription; the sync brings it.
  await changeWarehouse([
    `UPDATE SALESORDERS SET STATUS = '31 - Awaiting CMN (RX)', LASTMODIFIED = ${nextStamp('SALESORDERS')}
     WHERE CAST(SALESORDERKEY AS VARCHAR) = '${orderId}' AND ISLATEST`,
  ]);
  await runDefaultSync(api);
  await expect(async () => {
    await page.reload();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, { path: 'screenshots/notification-bell.png' });

  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page.getByTestId('notification').first();
  await expect(item).toContainText('Order needs documents');
  await expect(item).toContainText(soNumber);
  await expect(item).toContainText(activated.name.split(' ')[0]!);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/notifications.png', fullPage: true });

  // The mail: the order number and the kind, a link, no name; the link opens the order after sign-in.
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(caseManager)).find((text) =>
          text.includes('Order needs documents'),
        );
        link = /https?:\/\/\S+\/notifications\?open=\d+/.exec(mail ?? '')?.[0] ?? '';
        return mail === undefined ? '' : mail.includes(activated.name) ? 'names the patient' : link;
      },
      { timeout: 30_000 },
    )
    .toMatch(/\/notifications\?open=\d+$/);
  const fresh = await browser.newContext();
  const reader = await fresh.newPage();
  await reader.goto(link);
  await expect(reader).toHaveURL(/\/login$/);
  await reader.getByLabel('Email').fill(caseManager);
  await reader.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await reader.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(reader).toHaveURL(new RegExp(`/dashboard\\?.*order=${soNumber}`));
  await expect(reader.getByRole('heading', { name: `Order #${soNumber}` })).toBeVisible();
  await fresh.close();

  // The order ships: the patient's account gets its 'shipped' mail.
  await changeWarehouse([
    `UPDATE SALESORDERS SET STATUS = 'RCM - Billing', TRACKINGNUMBER = '1Z999AA10123456784',
       LASTMODIFIED = ${nextStamp('SALESORDERS')}
     WHERE CAST(SALESORDERKEY AS VARCHAR) = '${orderId}' AND ISLATEST`,
  ]);
  await runDefaultSync(api);
  await expect
    .poll(
      async () =>
        (await mailsTo(activated.email)).some((mail) =>
          mail.includes(`Order #${soNumber}: Order shipped`),
        ),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  await api.context.dispose();
});
