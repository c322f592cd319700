import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { MFA_LIMITS } from '@portal/domain/mfa-api';
import {
  createTemporaryUser,
  csrf,
  expectNoA11yViolations,
  signIn,
  shot,
  signInAs,
  uniqueEmail,
} from '../../support/auth';

/**
 * Issue 35: an admin requires two-step verification for case managers, and a case manager
 * without a factor is taken to enrolment before any screen or patient data. The policy holds
 * for every case manager of the portal, so this project runs after all other specs
 * (playwright.config.ts), and puts every role back to optional at the end.
 */

const PASSWORD = 'Juniper-Orchard-83!';
const TEMPORARY = 'Temp-Policy-Pass7!';

const setPolicy = async (page: Page, roles: string[]) => {
  const answer = await page.request.put('/api/admin/mfa/policy', {
    data: { required_roles: roles },
    headers: await csrf(page),
  });
  expect(answer.status()).toBe(200);
};

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, 'admin@example.com');
  await setPolicy(page, []);
  await context.close();
});

test('a case manager without a factor is taken to enrolment before seeing the dashboard', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('policy-cm');
  createTemporaryUser(email, 'case_manager', TEMPORARY, '7001');

  // The admin makes two-step verification required for case managers.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin@example.com');
  await admin.goto('/admin/security');
  const policy = admin.getByRole('region', { name: 'Two-step verification policy' });
  await policy.getByRole('checkbox', { name: 'Required for Case Manager', exact: true }).check();
  await policy.getByRole('button', { name: 'Save' }).click();
  await expect(policy.getByRole('status')).toHaveText('Sign-in policy saved');
  await expectNoA11yViolations(admin);
  await shot(admin, { path: 'screenshots/admin-security.png', fullPage: true });
  await adminContext.close();

  // The first password comes first, then enrolment: no dashboard in between.
  await signIn(page, email, TEMPORARY);
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Set Password & Continue' }).click();
  await expect(page).toHaveURL(/\/security-setup$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set up two-step verification' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/security-setup.png', fullPage: true });

  // Neither a typed address nor the API opens patient data before the factor.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/security-setup$/);
  const patients = await page.request.get('/api/patients/payor/7001/patients', {
    headers: await csrf(page),
  });
  expect(patients.status()).toBe(403);
  expect(await patients.json()).toMatchObject({ error: 'Two-step verification required' });

  // Enrol an app, computing its code from the key shown.
  const methods = page.getByRole('region', { name: 'Your sign-in methods' });
  await methods.getByRole('button', { name: 'Add authenticator app' }).click();
  const secret = (await methods.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await methods
    .getByLabel('Code from the app')
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await methods.getByRole('button', { name: 'Confirm' }).click();
  await expect(methods.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(
    MFA_LIMITS.recoveryCodes,
  );
  await methods.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Continue to the portal' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
