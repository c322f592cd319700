import { expect, test, type Page } from '@playwright/test';
import {
  createTemporaryUser,
  expectNoA11yViolations,
  signIn,
  uniqueEmail,
  shot,
} from '../../support/auth';

const LOOP_FLAG = 'auth_redirect_loop_detected';

// A string, not a function: the e2e project is typed without the DOM library.
const loopFlag = (page: Page) =>
  page.evaluate<string | null>(`window.sessionStorage.getItem('${LOOP_FLAG}')`);

/** What a forced user is offered: the header's Change Password and Logout, nothing else. */
const expectOnlyChangePasswordAndLogout = async (page: Page) => {
  await expect(page.getByRole('banner').getByRole('link')).toHaveText(['Change Password']);
  await expect(page.getByRole('banner').getByRole('button')).toHaveText(['Logout']);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(0);
  for (const screen of ['Dashboard', 'Patient Search', 'Contact Support', 'My Profile']) {
    await expect(page.getByRole('link', { name: screen })).toHaveCount(0);
  }
};

const expectChangePasswordScreen = async (page: Page) => {
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Set Your First Password' })).toBeVisible();
};

test('a user who must change their password reaches no other screen by link or address', async ({
  page,
}) => {
  // Many screens and checks in one walk, on a machine shared with other runs.
  test.setTimeout(90_000);
  const email = uniqueEmail('forced');
  createTemporaryUser(email, 'case_manager', 'Temp-Forced-Pass7!');
  await signIn(page, email, 'Temp-Forced-Pass7!');
  await expectChangePasswordScreen(page);
  await expectOnlyChangePasswordAndLogout(page);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/forced-reset-change-password.png', fullPage: true });

  // Every typed address ends on /change-password; no screen's data is asked for.
  for (const path of [
    '/dashboard',
    '/patient-search',
    '/intake',
    '/contact',
    '/profile',
    '/documents',
    '/admin/audit',
    '/',
    '/no-such-screen',
  ]) {
    await page.goto(path);
    await expectChangePasswordScreen(page);
    await expect(page.getByText('Failed to load patients')).toHaveCount(0);
    await expectOnlyChangePasswordAndLogout(page);
    // Between addresses the user is on the page, as a person would be (a click that
    // navigates nowhere, so the spec's loop rule is not met).
    await page.getByRole('heading', { name: 'Set Your First Password' }).click();
  }
  expect(await loopFlag(page)).toBeNull();

  // On a phone the menu holds the same single choice.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link')).toHaveText(['Change Password']);
  await expect(page.getByRole('banner').getByRole('button')).toHaveText(['Menu', 'Logout']);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/forced-reset-phone-menu.png' });
});

test('/change-password after /change-password is the spec’s loop: redirects stop, no screen is drawn', async ({
  page,
}) => {
  const email = uniqueEmail('forced-loop');
  createTemporaryUser(email, 'customer_service', 'Temp-Forced-Pass8!');
  await signIn(page, email, 'Temp-Forced-Pass8!');
  await expectChangePasswordScreen(page);
  expect(await loopFlag(page)).toBeNull();

  // core.md section 4: the current and the previous path both /change-password.
  await page.getByRole('banner').getByRole('link', { name: 'Change Password' }).click();
  await expectChangePasswordScreen(page);
  await expect.poll(() => loopFlag(page)).toBe('true');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set Your Password First' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Patient Search' })).toHaveCount(0);
  await expect(page.getByText('Failed to load patients')).toHaveCount(0);
  await expectOnlyChangePasswordAndLogout(page);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/forced-reset-after-loop.png', fullPage: true });

  await page.getByRole('main').getByRole('link', { name: 'Change Password' }).click();
  await expectChangePasswordScreen(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
