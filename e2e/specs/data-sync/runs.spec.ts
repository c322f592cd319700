import { expect, test, type Page } from '@playwright/test';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import type { TSyncGroup } from '@portal/domain/sync-mapping';
import { csrf, expectNoA11yViolations, signInAs, shot } from '../../support/auth';
import { openConsole } from '../../support/data-sync';

/**
 * Runs an operator can read (issue 31): a group's card follows its run with its own bar,
 * then keeps the last run; a toast says when it ends; a case manager reads the same runs.
 * The run is of a group of this spec's own (the full sync's mappings under another id), so
 * the full sync of data-sync.spec.ts, perhaps running beside it, is never refused as busy.
 */
test.describe.configure({ mode: 'serial' });

const ADMIN = 'admin@example.com';
const MANAGER = 'case_manager@example.com';
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const GROUP_ID = `e2e_runs_${stamp}`;
const GROUP_NAME = `E2E runs ${stamp}`;
const SHOTS = 'screenshots';

const cardOf = (page: Page) =>
  page.getByTestId('group-card').filter({ has: page.getByRole('heading', { name: GROUP_NAME }) });

/** Waits (through the API) until this spec's group has no run in progress. */
const waitUntilIdle = async (page: Page) => {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          '/api/data-sync/jobs?status=running&top_level=true&per_page=100',
        );
        const { jobs } = (await response.json()) as { jobs: TSyncJob[] };
        return jobs.filter((job) => job.group_id === GROUP_ID).length;
      },
      { timeout: 150_000 },
    )
    .toBe(0);
};

test('an admin starts a group, follows it on its card to the end, and a toast names the result', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, ADMIN);
  const groups = (await (await page.request.get('/api/data-sync/sync-groups')).json()) as {
    groups: TSyncGroup[];
  };
  const full = groups.groups.find((group) => group.id === 'default_full_sync')!;
  const created = await page.request.post('/api/data-sync/sync-groups', {
    headers: await csrf(page),
    data: {
      group: {
        id: GROUP_ID,
        name: GROUP_NAME,
        description: 'The full sync, run by the runs spec',
        mappings: full.mappings,
      },
    },
  });
  expect(created.status()).toBe(200);

  await openConsole(page);
  const card = cardOf(page);
  await expect(card.getByTestId('group-run')).toHaveText('Not run yet');
  await card.getByRole('button', { name: `Start Sync: ${GROUP_NAME}` }).click();

  // The card has its own bar while the run goes, and Start Sync waits for it.
  const bar = card.getByRole('progressbar', { name: `Progress of ${GROUP_NAME}` });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('button', { name: `Start Sync: ${GROUP_NAME}` })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(card.getByText('Start Sync is available again when this run ends.')).toBeVisible();
  await expect(card.getByRole('button', { name: `Cancel ${GROUP_NAME}` })).toBeVisible();
  // The jobs panel names the run by its group, not by its id and database engine.
  const row = page.getByTestId('tracked-job').filter({ hasText: GROUP_NAME });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('sqlite');
  await card.scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/data-sync-runs-running.png`, fullPage: true });

  // Then the last run stays on the card: result, time, rows, duration.
  const run = card.getByTestId('group-run');
  await expect(run.getByTestId('job-status')).toHaveText('completed', { timeout: 180_000 });
  await expect(run).toContainText(/Last run .+ · [\d,]+\srows? · \d/);
  await expect(bar).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Start Sync: ${GROUP_NAME}` })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(page.getByText(`${GROUP_NAME} completed`, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await card.scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/data-sync-runs-desktop.png` });

  // Job History and Job Details name the run and list its tables, with the rows summed.
  await page.getByRole('tab', { name: 'Job History' }).click();
  const history = page.getByTestId('history-row').filter({ hasText: GROUP_NAME }).first();
  await expect(history.getByTestId('job-status')).toHaveText('completed');
  await history.getByRole('button', { name: /View Details/ }).click();
  const details = page.getByRole('dialog', { name: `Job Details: ${GROUP_NAME}` });
  await expect(details).toContainText('Portal database · ');
  await expect(details).not.toContainText(/Rows inserted\s*0$/m);
  await expect(details.getByTestId('child-job').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: `${SHOTS}/data-sync-runs-details.png` });
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
});

test('a case manager sees the runs on the cards and in Job History', async ({ page }) => {
  await signInAs(page, MANAGER);
  await page.setViewportSize({ width: 390, height: 844 });
  await openConsole(page);
  const card = cardOf(page);
  await expect(card.getByTestId('group-run').getByTestId('job-status')).toHaveText('completed');
  await expect(card.getByTestId('group-run')).toContainText('Last run');
  await card.scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/data-sync-runs-phone.png` });
  // Nothing scrolls sideways on a phone.
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
  await page.getByRole('tab', { name: 'Job History' }).click();
  await expect(page.getByRole('list', { name: 'Jobs' })).toContainText(GROUP_NAME);
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, ADMIN);
  await waitUntilIdle(page);
  await page.request.delete(`/api/data-sync/sync-groups/${GROUP_ID}`, {
    headers: await csrf(page),
  });
  await page.close();
});
