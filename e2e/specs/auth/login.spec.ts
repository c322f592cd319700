import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the login page renders its form with no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await page.screenshot({ path: 'screenshots/login.png', fullPage: true });
});

test('an unknown path leads to the login page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});
