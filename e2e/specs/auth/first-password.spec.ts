import { expect, test } from '@playwright/test';
import {
  createTemporaryUser,
  expectNoA11yViolations,
  signIn,
  uniqueEmail,
  shot,
} from '../../support/auth';

test('a user with a temporary password must set their own before anything else', async ({
  page,
}) => {
  const email = uniqueEmail('first');
  createTemporaryUser(email, 'case_manager', 'Temp-Start-Pass9!');

  await signIn(page, email, 'Temp-Start-Pass9!');
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Set Your First Password' })).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);

  // Anywhere else sends them back.
  await page.goto('/patient-search');
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Set Your First Password' })).toBeVisible();

  await page.getByRole('button', { name: 'Set Password & Continue' }).click();
  await expect(page.getByText('New password is required')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Birch-Canyon-31!');
  await expect(page.getByText('New password is required')).toHaveCount(0);
  await page.getByLabel('Confirm new password', { exact: true }).fill('Birch-Canyon-31!');
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/first-password.png', fullPage: true });
  await page.getByRole('button', { name: 'Set Password & Continue' }).click();

  await expect(
    page.getByText('Password successfully set. Redirecting to dashboard...'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Password Updated' })).toBeDisabled();
  await expect(page).toHaveURL(/\/dashboard$/);
  // With the password set, the first-login filter prompt is next (specs/preferences covers it).
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page.getByRole('dialog', { name: 'Set Your Dashboard Filters' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto('/change-password');
  await expect(page.getByRole('heading', { name: 'Change Your Password' })).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toBeVisible();
});
