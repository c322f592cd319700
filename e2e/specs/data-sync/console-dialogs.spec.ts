import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signIn, shot } from '../../support/auth';

/**
 * The console's dialogs hand focus back to what opened them, and say in words what the
 * job records name technically (issue 29). Reads only: it starts no sync, so it can run
 * beside data-sync.spec.ts on the same portal.
 */
const SHOTS = 'screenshots';

const openConsoleAsAdmin = async (page: Page) => {
  const prompt = page.getByRole('dialog', { name: 'Set Your Dashboard Filters' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Skip for now' }).click();
    await expect(prompt).toHaveCount(0);
  });
  await signIn(page, 'admin@example.com');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/data-sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Sync' })).toBeVisible();
  await expect(page.getByTestId('group-card').first()).toBeVisible();
};

test('Job Details and the dialogs it leads to return focus to the button that opened them', async ({
  page,
}) => {
  await openConsoleAsAdmin(page);
  await page.getByRole('tab', { name: 'Job History' }).click();
  // A completed group run: the first-start sync at least.
  const row = page.getByTestId('history-row').filter({ hasText: 'completed' }).first();
  const opener = row.getByRole('button', { name: /View Details/ });
  await expect(row).toContainText('Portal database');

  await opener.click();
  const details = page.getByRole('dialog', { name: /^Job Details/ });
  await expect(details.getByText('Rows inserted')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  // Plain words first; the engine names are behind a disclosure for admins.
  await expect(details.getByText('Sync group run')).toBeVisible();
  await expect(details.getByText('Warehouse', { exact: true })).toBeVisible();
  // The tables the run filled, not the database engine (issue 31).
  await expect(details.locator('dd', { hasText: /^Portal database · \w/ })).toBeVisible();
  await expect(details.getByText(/^duckdb:/)).toBeHidden();
  await details.getByText('Technical names').click();
  await expect(details.getByTestId('technical-source')).toHaveText(/^duckdb:/);
  await expect(details.getByTestId('technical-type')).toHaveText('group');
  await expectNoA11yViolations(page);
  await shot(page, { path: `${SHOTS}/data-sync-details-plain.png` });
  await details.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(details).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Details → a mapping job's details → its samples: closing the last goes back to the row.
  await opener.click();
  await details.getByRole('button', { name: 'Details of payors' }).click();
  await expect(details.getByText('Portal database · payors')).toBeVisible();
  await details.getByRole('button', { name: 'View Data Samples' }).click();
  const samples = page.getByRole('dialog', { name: /^Data Sample Comparison/ });
  await expect(samples.getByTestId('sample-row').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(samples).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('the fixer and schedule dialogs return focus, and the fixer reads mappings in words', async ({
  page,
}) => {
  await openConsoleAsAdmin(page);
  // 'Default' marks the default full sync alone, not every built-in group.
  await expect(page.getByTestId('default-badge')).toHaveCount(1);
  await expect(
    page.getByTestId('group-card').filter({ hasText: 'Full sync' }).getByTestId('default-badge'),
  ).toHaveText('Default');

  const fixCase = page.getByRole('button', { name: 'Fix Case: Payors' });
  await expect(fixCase).toHaveText('Fix Case');
  await expect(fixCase).toHaveAttribute('title', /upper or lower case/);
  await fixCase.click();
  const fixer = page.getByRole('dialog', { name: 'Case Sensitivity Fixer' });
  await fixer.getByRole('tab', { name: 'Compare Mappings' }).click();
  const current = fixer.getByRole('list', { name: 'Current mapping 1' });
  await expect(current.getByText(/^Start from /)).toBeVisible();
  await expect(current.getByText(/ → payor_key$/)).toBeVisible();
  // The raw JSON waits behind its disclosure.
  const json = fixer.getByLabel('Current mapping 1 as JSON');
  await expect(json).toBeHidden();
  await fixer.getByText('Show JSON').click();
  await expect(json).toContainText('"mysql_table": "payors"');
  await expectNoA11yViolations(page);
  await shot(page, { path: `${SHOTS}/data-sync-compare-plain.png` });
  await fixer.getByRole('button', { name: 'Cancel' }).click();
  await expect(fixer).toHaveCount(0);
  await expect(fixCase).toBeFocused();

  const schedule = page.getByRole('button', { name: 'Schedule: Payors' });
  await schedule.click();
  const dialog = page.getByRole('dialog', { name: /Schedule/ });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(schedule).toBeFocused();
});
