import { expect, type Page } from '@playwright/test';

/** Opens the data-sync console and waits for its group cards. */
export const openConsole = async (page: Page) => {
  await page.goto('/data-sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Sync' })).toBeVisible();
  await expect(page.getByTestId('group-card').first()).toBeVisible();
};
