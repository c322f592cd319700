import { expect, test, type Page } from '@playwright/test';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import type { TSyncGroup } from '@portal/domain/sync-mapping';
import { csrf, expectNoA11yViolations, signInAs, shot } from '../../support/auth';
import { openConsole } from '../../support/data-sync';

/**
 * The data-sync console (issue 12) on the e2e portal's small demo warehouse. Each test
 * leaves the portal as it found it: the scheduler running, no schedules or groups of its
 * own, and only default_full_sync's identical rows reloaded.
 */
// One story on one portal: runs one after another, so job history's top row is this spec's.
test.describe.configure({ mode: 'serial' });

const ADMIN = 'admin@example.com';
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SHOTS = 'screenshots';

/** Waits (through the API) until the group has no run in progress, e.g. the first-start sync. */
const waitUntilIdle = async (page: Page) => {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          '/api/data-sync/jobs?status=running&top_level=true',
        );
        return ((await response.json()) as { jobs: TSyncJob[] }).jobs.length;
      },
      { timeout: 60_000 },
    )
    .toBe(0);
};

test('a customer service user gets Access Denied on /data-sync', async ({ page }) => {
  await signInAs(page, 'customer_service@example.com');
  await page.goto('/data-sync');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect((await page.request.get('/api/data-sync/sync-groups')).status()).toBe(403);
});

test('an admin runs the full sync, watches it complete, and reads its details and samples', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, ADMIN);
  await waitUntilIdle(page);
  await openConsole(page);
  const tablist = page.getByRole('tablist', { name: 'Data sync' });
  await expect(tablist.getByRole('tab', { name: 'Sync Groups' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('default-badge')).toHaveCount(1);
  await shot(page, { path: `${SHOTS}/data-sync-groups.png`, fullPage: true });
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Start Sync: Full sync' }).click();
  const job = page.getByTestId('tracked-job').first();
  await expect(job).toBeVisible();
  await expect(job.getByText(/^[0-9a-z-]{12}$/)).toBeVisible();
  const bar = job.getByRole('progressbar');
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const value = await bar.getAttribute('aria-valuenow').catch(() => null);
        if (value !== null) {
          seen.add(Number(value));
        }
        return (
          (await job
            .getByTestId('job-status')
            .textContent()
            .catch(() => null)) ?? ''
        );
      },
      { timeout: 150_000, intervals: [250] },
    )
    .toBe('completed');
  expect(seen.size).toBeGreaterThan(0);
  expect([...seen].every((value) => value >= 0 && value <= 100)).toBe(true);
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('All sync jobs completed successfully.')).toBeVisible();
  await shot(page, { path: `${SHOTS}/data-sync-job-completed.png`, fullPage: true });
  // Finished jobs leave the panel 5 s after everything has finished.
  await expect(page.getByTestId('tracked-job')).toHaveCount(0, { timeout: 10_000 });

  // Job History: the run is on top; its details list the mapping jobs.
  await page.getByRole('tab', { name: 'Sync Groups' }).focus();
  // Radix moves focus to the next tab a task later, so each arrow waits for its tab.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Scheduler' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Job History' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Other specs' runs (runs.spec.ts, group-editor.spec.ts) may be newer: the full sync's row.
  const row = page.getByTestId('history-row').filter({ hasText: 'Full sync' }).first();
  await expect(row.getByTestId('job-status')).toHaveText('completed');
  // The first start reloaded everything; this run read only the changes since (none).
  await expect(row).toContainText(/incremental since \d+\/\d+\/\d{4}, .*0 rows changed/);
  await shot(page, { path: `${SHOTS}/data-sync-history.png`, fullPage: true });
  await row.getByRole('button', { name: /View Details/ }).click();
  const details = page.getByRole('dialog', { name: /^Job Details/ });
  await expect(details.getByText('Rows inserted')).toBeVisible();
  await expect(details.getByTestId('log-row').first()).toBeVisible();
  await details.getByLabel('Level').selectOption('info');
  await expect(details.getByTestId('log-row').first()).toContainText(/info/i);
  await expectNoA11yViolations(page);
  await shot(page, { path: `${SHOTS}/data-sync-job-details.png` });

  await details.getByRole('button', { name: 'Details of payors' }).click();
  const child = page.getByRole('dialog', { name: /^Job Details/ });
  await child.getByRole('button', { name: 'View Data Samples' }).click();
  const samples = page.getByRole('dialog', { name: /^Data Sample Comparison/ });
  await expect(samples.getByTestId('sample-row').first()).toBeVisible();
  const counts = await samples.getByTestId('sample-count').allTextContents();
  expect(counts[0]).toBe(counts[1]);
  expect(counts[2]).toBe('0');
  await samples.getByRole('tab', { name: 'Side by Side Comparison' }).click();
  await expect(samples.getByRole('region', { name: 'Side by side rows' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: `${SHOTS}/data-sync-samples.png` });
  // Its close button, not Escape: a toast of another spec's run would take the Escape.
  await samples.getByRole('button', { name: 'Close' }).first().click();
  await expect(samples).toHaveCount(0);
});

test('a case manager runs groups but writes no SQL and sees no patient samples', async ({
  page,
}) => {
  await signInAs(page, 'case_manager@example.com');
  await waitUntilIdle(page);
  await openConsole(page);
  // The server refuses the calls that write warehouse SQL (issue 28).
  const refused = await page.request.post('/api/data-sync/snowpark/sync-query', {
    headers: await csrf(page),
    data: { mysql_table: 'users', query: "SELECT 'x@example.com' AS email, 'admin' AS role" },
  });
  expect(refused.status()).toBe(403);

  // The fixer opens read-only: its issues, but no Apply Fixes.
  await page.getByRole('button', { name: 'Fix Case: Full sync' }).click();
  const fixer = page.getByRole('dialog', { name: 'Case Sensitivity Fixer' });
  await expect(
    fixer.getByText('Only an administrator can apply fixes to a mapping.'),
  ).toBeVisible();
  await expect(fixer.getByRole('button', { name: 'Apply Fixes' })).toHaveCount(0);
  await fixer.getByRole('button', { name: 'Cancel' }).click();

  // A patients job's details say why there are no samples.
  await page.getByRole('tab', { name: 'Job History' }).click();
  const row = page.getByTestId('history-row').filter({ hasText: 'Full sync' }).first();
  await row.getByRole('button', { name: /View Details/ }).click();
  await page
    .getByRole('dialog', { name: /^Job Details/ })
    .getByRole('button', { name: 'Details of patients' })
    .click();
  const details = page.getByRole('dialog', { name: /^Job Details/ });
  await expect(
    details.getByText('only an administrator can view them', { exact: false }),
  ).toBeVisible();
  await expect(details.getByRole('button', { name: 'View Data Samples' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, { path: `${SHOTS}/data-sync-case-manager-details.png` });
});

test('an admin schedules a group, sees it in upcoming runs, and deletes it', async ({ page }) => {
  await signInAs(page, ADMIN);
  await openConsole(page);
  await page.getByRole('tab', { name: 'Scheduler' }).click();
  await expect(page.getByTestId('scheduler-state')).toHaveText('Running');

  await page.getByRole('button', { name: 'Add Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Schedule' });
  await expect(dialog.getByLabel('Interval (minutes)')).toHaveValue('15');
  await expect(dialog.getByLabel('Start time')).toHaveValue('00:00');
  await expect(dialog.getByLabel('End time')).toHaveValue('23:59');
  await expect(dialog.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
  await dialog.getByLabel('Interval (minutes)').fill('1441');
  await dialog.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(dialog.getByText('Please select a sync group to schedule')).toBeVisible();
  await expect(dialog.getByText('The interval must be between 1 and 1440 minutes')).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: `${SHOTS}/data-sync-schedule-dialog.png` });
  // A daily run at 03:17 on Sundays only: nothing runs during the test.
  await dialog.getByLabel('Sync group').selectOption({ label: 'Payors' });
  await dialog.getByLabel('Repeat').selectOption('daily');
  await dialog.getByLabel('Time', { exact: true }).fill('03:17');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    await dialog.getByRole('checkbox', { name: day }).uncheck();
  }
  await dialog.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(dialog).toHaveCount(0);

  const row = page.getByTestId('schedule-row').filter({ hasText: 'Daily at 03:17, Sun' });
  await expect(row).toHaveCount(1);
  await expect(
    page.getByTestId('upcoming-run').filter({ hasText: 'Daily at 03:17, Sun' }),
  ).toHaveCount(1);
  await shot(page, { path: `${SHOTS}/data-sync-scheduler.png`, fullPage: true });
  await expectNoA11yViolations(page);

  // Run Now starts the group at once and shows its progress where the jobs panel is.
  await row.getByRole('button', { name: 'Run Now: Payors' }).click();
  await expect(page.getByRole('tab', { name: 'Sync Groups' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const job = page.getByTestId('tracked-job').first();
  await expect(job.getByTestId('job-status')).toHaveText('completed', { timeout: 60_000 });
  await expect(page.getByText('All sync jobs completed successfully.')).toBeVisible();
  await expect(page.getByTestId('tracked-job')).toHaveCount(0, { timeout: 10_000 });

  // Stop and start the scheduler: the state follows, and the schedule stays.
  await page.getByRole('tab', { name: 'Scheduler' }).click();
  await page.getByRole('button', { name: 'Stop Scheduler' }).click();
  await expect(page.getByTestId('scheduler-state')).toHaveText('Stopped');
  await page.getByRole('button', { name: 'Start Scheduler' }).click();
  await expect(page.getByTestId('scheduler-state')).toHaveText('Running');
  await expect(row).toHaveCount(1);

  // Delete asks first; confirmed, it deletes that schedule by its id.
  await row.getByRole('button', { name: 'Delete: Payors' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete schedule?' });
  await expect(confirm).toContainText('The schedule of Payors');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(
    page.getByTestId('upcoming-run').filter({ hasText: 'Daily at 03:17, Sun' }),
  ).toHaveCount(0);

  // Check Integrity opens a readable page in a new tab.
  const [integrity] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: /^Check Integrity: Payors/ }).click(),
  ]);
  await expect(integrity.getByRole('heading', { level: 1, name: 'Data Integrity' })).toBeVisible();
  await expect(integrity.getByTestId('integrity-row').filter({ hasText: 'payors' })).toContainText(
    'Match',
    { timeout: 30_000 },
  );
  await shot(integrity, { path: `${SHOTS}/data-sync-integrity.png`, fullPage: true });
  await integrity.close();
});

test('a mapping with lower-case key columns fails, the fixer fixes it, and the rerun completes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, ADMIN);
  const groups = (await (await page.request.get('/api/data-sync/sync-groups')).json()) as {
    groups: TSyncGroup[];
  };
  const payors = groups.groups.find((group) => group.id === 'payors')!;
  const planted = JSON.parse(
    JSON.stringify(payors.mappings)
      .replaceAll('"COMPANYKEY"', '"companykey"')
      .replaceAll('PY.PAYORKEY', 'PY.payorkey')
      .replaceAll('C.NAME', 'C.name'),
  ) as TSyncGroup['mappings'];
  const id = `e2e_case_${stamp}`;
  const name = `E2E case ${stamp}`;
  const created = await page.request.post('/api/data-sync/sync-groups', {
    headers: await csrf(page),
    data: { group: { id, name, description: 'Payors with lower-case keys', mappings: planted } },
  });
  expect(created.status()).toBe(200);
  try {
    await openConsole(page);
    await page.getByRole('button', { name: `Start Sync: ${name}` }).click();
    const fixer = page.getByRole('dialog', { name: 'Case Sensitivity Fixer' });
    await expect(fixer).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText('Some sync jobs failed. Check job history for details.'),
    ).toBeVisible();
    const issues = fixer.getByTestId('case-issue');
    await expect(issues.filter({ hasText: 'PY.payorkey' })).toContainText('PY.PAYORKEY');
    await expect(issues.filter({ hasText: 'right side' })).toContainText('COMPANYKEY');
    await expect(issues).toHaveCount(4);
    await fixer.getByRole('button', { name: 'Show Fixed Code' }).click();
    await expect(fixer.getByTestId('fixed-code')).toContainText('"PY.PAYORKEY"');
    await expectNoA11yViolations(page);
    await shot(page, { path: `${SHOTS}/data-sync-case-fixer.png` });
    await fixer.getByRole('tab', { name: 'Compare Mappings' }).click();
    // The mapping in words, the changed line marked on both sides (issue 29).
    const current = fixer.getByRole('list', { name: 'Current mapping 1' });
    const fixed = fixer.getByRole('list', { name: 'Fixed mapping 1' });
    await expect(current).toContainText('PY.payorkey');
    await expect(fixed).toContainText('PY.PAYORKEY');
    await expect(current.getByText('changed').first()).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, { path: `${SHOTS}/data-sync-case-fixer-compare.png` });
    await fixer.getByRole('button', { name: 'Apply Fixes' }).click();
    await expect(fixer.getByText('Fixes applied')).toBeVisible();
    await fixer.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Start Sync: ${name}` }).click();
    const job = page.getByTestId('tracked-job').first();
    await expect(job.getByTestId('job-status')).toHaveText('completed', { timeout: 60_000 });
    await expect(page.getByText('All sync jobs completed successfully.')).toBeVisible();
  } finally {
    await waitUntilIdle(page);
    const removed = await page.request.delete(`/api/data-sync/sync-groups/${id}`, {
      headers: await csrf(page),
    });
    expect(removed.status()).toBe(200);
  }
});

test('a failure of another kind opens the Sync Error dialog', async ({ page }) => {
  await signInAs(page, ADMIN);
  const id = `e2e_missing_${stamp}`;
  const name = `E2E missing ${stamp}`;
  const created = await page.request.post('/api/data-sync/sync-groups', {
    headers: await csrf(page),
    data: {
      group: {
        id,
        name,
        mappings: [
          {
            mysql_table: 'payors',
            type: 'snowpark_dataframe',
            operations: [
              { type: 'base_table', table: 'NO_SUCH_TABLE', alias: 'N' },
              { type: 'select', columns: [{ source: 'N.PAYORKEY', target: 'payor_key' }] },
            ],
          },
        ],
      },
    },
  });
  expect(created.status()).toBe(200);
  try {
    await openConsole(page);
    await page.getByRole('button', { name: `Start Sync: ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync Error' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByTestId('error-category')).toHaveText('Schema error');
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy Details' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Fix Case Sensitivity' })).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, { path: `${SHOTS}/data-sync-error.png` });
    // It opened by itself; closing it hands focus back to where the user was (issue 29).
    // Closed with its button: another spec's run ending meanwhile raises a toast here, and
    // Escape would dismiss that toast first.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Start Sync: ${name}` })).toBeFocused();
  } finally {
    await waitUntilIdle(page);
    await page.request.delete(`/api/data-sync/sync-groups/${id}`, { headers: await csrf(page) });
  }
});
