import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoA11yViolations, signIn, shot } from '../../support/auth';

test('the login page renders its form with no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/login.png', fullPage: true });
});

test('an unknown path leads to the login page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the spec’s message and keeps the user on /login', async ({ page }) => {
  await signIn(page, 'customer_service@example.com', 'Not-The-Password-1!');
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid credentials. Please check your username and password.',
  );
  // Focus lands on the message, not on the page's body: a screen reader reads it out.
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await shot(page, { path: 'screenshots/login-error.png', fullPage: true });
});

test('an admin signs in, lands on the documentation, sees admin navigation and signs out', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/documentation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Documentation' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Analytics' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Bulk User Upload' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/admin-layout.png', fullPage: true });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a case manager lands on the dashboard and is denied /analytics', async ({ page }) => {
  await signIn(page, 'case_manager@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Data Sync' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveCount(0);

  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/access-denied.png', fullPage: true });
});

test('an already signed-in user is sent from /login to the dashboard', async ({ page }) => {
  await signIn(page, 'patient@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the navigation collapses into a keyboard-operable menu on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'case_manager@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Patient Search' })).toBeVisible();
  await shot(page, { path: 'screenshots/mobile-menu.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
});
