import { expect, test } from '@playwright/test';
import { emailChangeRequestedMessage, emailChangedMessage } from '@portal/domain/profile-api';
import {
  confirmEmailLinkFor,
  createTemporaryUser,
  firstSignIn,
  expectNoA11yViolations,
  signIn,
  uniqueEmail,
  shot,
} from '../../support/auth';

const PASSWORD = 'Maple-Harbor-84!';

test('a new email takes effect only when the link mailed to it is opened, and only once', async ({
  page,
}) => {
  const email = uniqueEmail('email-change');
  const next = uniqueEmail('email-changed');
  createTemporaryUser(email, 'customer_service', 'Temp-Start-Pass9!');
  await firstSignIn(page, email, 'Temp-Start-Pass9!', PASSWORD);

  await page.goto('/profile');
  const account = page.getByRole('region', { name: 'Account Information' });
  await account.getByLabel('Email Address').fill(next);
  await account.getByLabel('Current Password', { exact: true }).fill(PASSWORD);
  await account.getByRole('button', { name: 'Update Profile' }).click();
  // A lasting note says where the link went; the account keeps its address until then.
  await expect(account.getByRole('status')).toHaveText(emailChangeRequestedMessage(next));
  await expect(account.getByLabel('Email Address')).toHaveValue(email);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/profile-email-link-sent.png', fullPage: true });

  const link = await confirmEmailLinkFor(next);
  expect(link.startsWith(test.info().project.use.baseURL!)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm Your New Email Address' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Confirm Email Address' }).click();
  const done = page.getByRole('heading', { name: 'Email Address Changed' });
  await expect(done).toBeFocused();
  await expect(page.getByRole('status')).toHaveText(emailChangedMessage(next));
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/confirm-email.png', fullPage: true });

  await page.getByRole('link', { name: 'Back to My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(account.getByLabel('Email Address')).toHaveValue(next);

  // The link is spent; in a browser nobody signed in to, it says so and offers sign-in.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm Email Address' }).click();
  await expect(page.getByRole('heading', { name: 'Invalid Confirmation Link' })).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link is invalid or has expired.',
  );
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await signIn(page, next, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});
