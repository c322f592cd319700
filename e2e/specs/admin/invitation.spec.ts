import { expect, test, type APIRequestContext } from '@playwright/test';
import { FIRST_ACCESS_MESSAGES, INVITED } from '@portal/domain/first-access';
import type { TPatientsWithoutPortalResponse } from '@portal/domain/portal-activation-api';
import { expectNoA11yViolations, mailsTo, shot, signIn } from '../../support/auth';

/** A patient without portal access whose email no other patient shares, with a name and ID. */
const invitable = async (request: APIRequestContext) => {
  const json = async <T>(url: string) => (await (await request.get(url)).json()) as T;
  // From the end of the list: the activation spec takes its patients from the start.
  const { total_count: total } = await json<TPatientsWithoutPortalResponse>(
    '/api/admin/patients-without-portal?limit=1',
  );
  const { patients } = await json<TPatientsWithoutPortalResponse>(
    `/api/admin/patients-without-portal?limit=50&offset=${Math.max(0, total - 50)}`,
  );
  for (const patient of patients.reverse()) {
    if (!patient.email || !patient.patient_id || !patient.first_name || !patient.last_name) {
      continue;
    }
    const same = await json<TPatientsWithoutPortalResponse>(
      `/api/admin/patients-without-portal?limit=1&search=${encodeURIComponent(patient.email)}`,
    );
    if (same.total_count === 1) {
      return { ...patient, email: patient.email.toLowerCase() };
    }
  }
  throw new Error('no patient to invite');
};

/** Waits for the invitation the SMTP capture server received and returns its link. */
const invitationLinkFor = async (email: string) => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email)).at(-1);
        link = /https?:\/\/\S+\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(mail ?? '')?.[0];
        return link;
      },
      { message: `an invitation mail to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
};

test('an admin activates a patient by invitation; the mailed link sets a password and signs the patient in', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/documentation$/);
  const patient = await invitable(page.request);

  await page.goto('/admin/patient-portal-activation');
  await expect(page.getByRole('radio', { name: 'Send an invitation email' })).toBeChecked();
  await page.getByRole('tab', { name: 'Search & Activate' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(patient.email);
  const name = `${patient.first_name} ${patient.last_name}`;
  await page
    .getByRole('checkbox', { name: `Select ${name} (${patient.patient_id})`, exact: true })
    .check();
  await page.getByRole('button', { name: 'Activate Selected (1)' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Activate 1 patient?' });
  await expect(confirm).toContainText('invitation email');
  await confirm.getByRole('button', { name: 'Activate 1 patient' }).click();
  const activated = page.getByRole('table', { name: 'Activated patients' }).getByRole('row');
  await expect(activated.filter({ hasText: patient.email })).toContainText(INVITED);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/invitation-results.png', fullPage: true });

  // The patient opens the mailed link in their own browser.
  const link = await invitationLinkFor(patient.email);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const patientPage = await context.newPage();
  await patientPage.goto(link);
  await expect(
    patientPage.getByRole('heading', { name: FIRST_ACCESS_MESSAGES.welcome }),
  ).toBeVisible();
  await expect(patientPage.getByText(patient.email)).toBeVisible();
  await expectNoA11yViolations(patientPage);
  await shot(patientPage, { path: 'screenshots/invitation-accept.png', fullPage: true });
  await patientPage.getByLabel('New password', { exact: true }).fill('Meadow-Compass-71!');
  await patientPage.getByLabel('Confirm password', { exact: true }).fill('Meadow-Compass-71!');
  await patientPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(patientPage).toHaveURL(/\/dashboard$/);
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const auth = (await (await patientPage.request.get('/api/check-auth')).json()) as {
    user: { role: string; patient_key: string };
  };
  expect(auth.user).toMatchObject({ role: 'patient', patient_key: patient.patient_key });

  // The link worked once.
  await patientPage.context().clearCookies();
  await patientPage.goto(link);
  await expect(patientPage.getByText(FIRST_ACCESS_MESSAGES.invalidInvitation)).toBeVisible();
  await expect(patientPage.getByRole('link', { name: 'Get a new link by email' })).toBeVisible();
  await shot(patientPage, { path: 'screenshots/invitation-used.png', fullPage: true });
  await context.close();
});
