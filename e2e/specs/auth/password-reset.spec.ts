import { expect, test } from '@playwright/test';
import {
  createTemporaryUser,
  expectNoA11yViolations,
  resetLinkFor,
  signIn,
  uniqueEmail,
  shot,
} from '../../support/auth';

test('forgot password: the mail arrives over SMTP, the link sets a new password, sign-in works', async ({
  page,
}) => {
  const email = uniqueEmail('forgot');
  createTemporaryUser(email, 'customer_service', 'Temp-Start-Pass9!');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('link', { name: '← Back to Login' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/forgot-password.png', fullPage: true });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/check-your-email.png', fullPage: true });

  const link = await resetLinkFor(email);
  expect(link.startsWith(test.info().project.use.baseURL!)).toBe(true);
  await page.goto(link);
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill('Lilac-Orchard-62');
  // Every rule but the special character: still disabled, and the checklist says why.
  await expect(
    page.getByRole('listitem').filter({ hasText: 'One special character' }),
  ).toContainText('not met yet');
  await expect(submit).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill('Lilac-Orchard-62!');
  await page.getByLabel('Confirm password', { exact: true }).fill('Lilac-Orchard-62?');
  await expect(submit).toBeEnabled();
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/reset-password.png', fullPage: true });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm password', { exact: true }).fill('Lilac-Orchard-62!');
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible();
  await expect(page.getByText('Redirecting to login page...')).toBeVisible();
  await shot(page, { path: 'screenshots/reset-success.png', fullPage: true });
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Password reset successful. Please login with your new password.'),
  ).toBeVisible();

  await signIn(page, email, 'Lilac-Orchard-62!');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once; now it is spent.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByText('Reset links expire after 1 hour')).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/invalid-reset-link.png', fullPage: true });
  await page.getByRole('link', { name: 'Request New Reset Link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
