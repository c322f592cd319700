import { expect, test, type Page } from '@playwright/test';
import {
  createTemporaryUser,
  expectNoA11yViolations,
  signIn,
  uniqueEmail,
  shot,
} from '../../support/auth';

const TITLE = 'Set Your Dashboard Filters';
const WARNING =
  'No categories selected. All orders will be shown if you continue without selecting any categories.';
const TEMPORARY = 'Temp-Start-Pass9!';
const OWN = 'Maple-Harbor-42!';

/**
 * A fresh case manager signs in with a temporary password; the prompt waits until the first
 * password is set (no reset pending), then meets them on the dashboard.
 */
const firstSignIn = async (page: Page, prefix: string) => {
  const email = uniqueEmail(prefix);
  createTemporaryUser(email, 'case_manager', TEMPORARY);
  await signIn(page, email, TEMPORARY);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Set Your First Password' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: TITLE })).toHaveCount(0);
  await page.getByLabel('New password', { exact: true }).fill(OWN);
  await page.getByLabel('Confirm new password', { exact: true }).fill(OWN);
  await page.getByRole('button', { name: 'Set Password & Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toBeVisible();
  return dialog;
};

/** The page is signed in and drawn; the prompt, if it were due, would be open by now. */
const expectNoPromptAfterReload = async (page: Page) => {
  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: TITLE })).toHaveCount(0);
  const auth = (await (await page.request.get('/api/check-auth')).json()) as {
    user: { filter_preferences_shown: boolean };
  };
  expect(auth.user.filter_preferences_shown).toBe(true);
};

test('a case manager chooses dashboard filters once, at first sign-in', async ({ page }) => {
  const dialog = await firstSignIn(page, 'filters-save');

  // Only its buttons close it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);

  const boxes = dialog.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  expect(await boxes.count()).toBeGreaterThanOrEqual(2);
  await expect(dialog.getByText(WARNING)).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/filter-prompt.png' });

  const { classifications } = (await (
    await page.request.get('/api/so-classifications')
  ).json()) as {
    classifications: { key: string; name: string | null }[];
  };
  const chosen = classifications.slice(0, 2);
  for (const classification of chosen) {
    await dialog
      .getByRole('checkbox', { name: classification.name ?? classification.key, exact: true })
      .check();
  }
  await expect(dialog.getByText(WARNING)).toHaveCount(0);

  // A third one ticked and unticked again is not saved.
  const third = classifications[2]!;
  const box = dialog.getByRole('checkbox', { name: third.name ?? third.key, exact: true });
  await box.check();
  await box.uncheck();

  await dialog.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(dialog).toBeHidden();

  const saved = (await (await page.request.get('/api/preferences')).json()) as {
    preferences: { so_classifications: string[] };
  };
  expect([...saved.preferences.so_classifications].sort()).toEqual(
    chosen.map((classification) => classification.key).sort(),
  );
  await expectNoPromptAfterReload(page);
});

test('Skip for now closes the prompt for good and saves no filters', async ({ page }) => {
  const dialog = await firstSignIn(page, 'filters-skip');
  await expect(dialog.getByRole('checkbox').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Skip for now' }).click();
  await expect(dialog).toBeHidden();

  const saved = (await (await page.request.get('/api/preferences')).json()) as {
    preferences: { so_classifications: string[] };
  };
  expect(saved.preferences.so_classifications).toEqual([]);
  await expectNoPromptAfterReload(page);
});
