import { expect, test, type Locator, type Page } from '@playwright/test';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { csrf, expectNoA11yViolations, signInAs, shot } from '../../support/auth';
import { openConsole } from '../../support/data-sync';

/**
 * Groups built on screen (issue 31): an admin builds a group from the warehouse's
 * catalogue, previews it, saves it through the case fixer, runs it on its card, cancels a
 * run of a slow group, edits, duplicates and deletes; a case manager sees the group and
 * its run but no editor.
 *
 * Beside other specs in the same portal, the groups are this spec's own (unique ids), and
 * what they load changes nothing another spec reads: every mapping fills payors with the
 * rows the default payors mapping loads (current payors with their company), by upsert on
 * payor_key with nothing truncated, so each row is written back as it was. The slow
 * group's query would load no row even if it ever finished.
 */
test.describe.configure({ mode: 'serial' });

const ADMIN = 'admin@example.com';
const MANAGER = 'case_manager@example.com';
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const GROUP_NAME = `E2E editor ${stamp}`;
const GROUP_ID = `e2e_editor_${stamp}`;
const COPY_NAME = `Copy of ${GROUP_NAME}`;
const COPY_ID = `${GROUP_ID}_copy`;
const SLOW_NAME = `E2E slow ${stamp}`;
const SLOW_ID = `e2e_slow_${stamp}`;
const SHOTS = 'screenshots';

const CURRENT = (alias: string) => `${alias}.ISLATEST = TRUE AND ${alias}.ISDELETED = FALSE`;
/** The payors' keys and types again, after a warehouse query of a few seconds. */
const SECONDS_QUERY = `SELECT PY.PAYORKEY AS payor_key, PY.PAYORTYPE AS payor_type
FROM PAYORS PY
WHERE ${CURRENT('PY')}
  AND (SELECT SUM(a.range * b.range) FROM range(20000) AS a, range(20000) AS b) > 0`;
/** A trillion-row cross join that can only be stopped; even finished it would load no row. */
const RUNAWAY_QUERY = `SELECT PY.PAYORKEY AS payor_key FROM PAYORS PY
WHERE (SELECT SUM(a.range * b.range) FROM range(1000000) AS a, range(1000000) AS b) < 0`;

const cardOf = (page: Page, name: string) =>
  page.getByTestId('group-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

const mappingOf = (dialog: Locator, number: number) =>
  dialog.getByRole('region', { name: new RegExp(`^Mapping ${number}\\b`) });

/**
 * Waits until no sync runs at all. data-sync.spec.ts waits for that before its full sync
 * and then reads the newest run in Job History as its own: this spec starts its runs in
 * the same quiet, so they are never the newest while that full sync goes.
 */
const waitForNoRun = async (page: Page) => {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          '/api/data-sync/jobs?status=running&top_level=true&per_page=100',
        );
        return ((await response.json()) as { jobs: TSyncJob[] }).jobs.length;
      },
      { timeout: 150_000 },
    )
    .toBe(0);
};

/** This spec's groups' running jobs, from the API. */
const runningJobs = async (page: Page) => {
  const response = await page.request.get(
    '/api/data-sync/jobs?status=running&top_level=true&per_page=100',
  );
  const { jobs } = (await response.json()) as { jobs: TSyncJob[] };
  return jobs.filter((job) => [GROUP_ID, COPY_ID, SLOW_ID].includes(job.group_id ?? ''));
};

test('an admin builds a group from the warehouse catalogue, previews its rows and saves it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, ADMIN);
  await openConsole(page);
  const newGroup = page.getByRole('button', { name: 'New group' });
  await newGroup.click();
  const dialog = page.getByRole('dialog', { name: 'New sync group' });
  await expect(dialog).toBeVisible();

  // The id follows the name.
  await dialog.getByLabel('Name', { exact: true }).fill(GROUP_NAME);
  await expect(dialog.getByLabel('Id', { exact: true })).toHaveValue(GROUP_ID);
  await dialog
    .getByLabel('Description', { exact: true })
    .fill('Payors with their company, built on screen');

  const mapping = mappingOf(dialog, 1);
  await mapping.getByLabel('Destination', { exact: true }).selectOption('payors');
  await expect(mapping.getByLabel('Type', { exact: true })).toHaveValue('builder');
  await mapping.getByLabel('Search for the base table', { exact: true }).fill('payo');
  await mapping.getByLabel('Base table', { exact: true }).selectOption('PAYORS');
  await mapping.getByLabel('Base table alias', { exact: true }).fill('PY');

  await mapping.getByRole('button', { name: 'Add join' }).click();
  await mapping.getByLabel('Join 1 table', { exact: true }).selectOption('COMPANIES');
  await mapping.getByLabel('Join 1 alias', { exact: true }).fill('C');
  await mapping.getByLabel('Join 1 kind', { exact: true }).selectOption('inner');
  await mapping
    .getByLabel('Join 1 condition 1: column so far', { exact: true })
    .selectOption('PY.COMPANYKEY');
  await mapping
    .getByLabel('Join 1 condition 1: joined column', { exact: true })
    .selectOption('COMPANYKEY');
  await mapping
    .getByLabel('Join 1 condition 1: filter (optional)', { exact: true })
    .fill(CURRENT('C'));
  await mapping.getByRole('button', { name: 'Add filter' }).click();
  // Written in lower case: the case fixer offers its fix on save.
  await mapping
    .getByLabel('Filter 1', { exact: true })
    .fill('PY.islatest = TRUE AND PY.isdeleted = FALSE');

  // Same-named columns at once, then the company's name by hand.
  await mapping.getByRole('button', { name: 'Add matching columns' }).click();
  await expect(mapping.getByLabel('Target of column 1', { exact: true })).toHaveValue('payor_key');
  await expect(mapping.getByLabel('Source of column 1', { exact: true })).toHaveValue(
    'PY.PAYORKEY',
  );
  await expect(mapping.getByLabel('Target of column 3', { exact: true })).toHaveValue('payor_type');
  await mapping.getByRole('button', { name: 'Add column' }).click();
  await mapping.getByLabel('Source of column 4', { exact: true }).selectOption('C.NAME');
  await mapping.getByLabel('Target of column 4', { exact: true }).selectOption('company_name');
  await expect(mapping.getByRole('checkbox', { name: 'payor_key' })).toBeChecked();
  await mapping.getByRole('checkbox', { name: 'Use upsert' }).check();
  await expect(mapping.getByRole('checkbox', { name: 'Truncate first' })).not.toBeChecked();

  // Preview: the count, the first rows and the SQL, before anything is saved.
  await mapping.getByRole('button', { name: 'Preview mapping 1' }).click();
  const count = mapping.getByTestId('preview-count');
  await expect(count).toHaveText(/^[\d,]+ rows?$/, { timeout: 30_000 });
  const total = Number((await count.textContent())!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  await expect(mapping.getByTestId('sample-row')).toHaveCount(Math.min(total, 20));
  await expect(mapping.getByRole('columnheader', { name: 'company_name' })).toBeVisible();
  await mapping.getByText('Compiled SQL').click();
  await expect(mapping.getByLabel('Compiled SQL of mapping 1', { exact: true })).toContainText(
    'INNER JOIN',
  );
  await expectNoA11yViolations(page);
  await mapping.getByTestId('mapping-preview').scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/data-sync-group-editor-preview.png` });
  await dialog.getByLabel('Name', { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/data-sync-group-editor-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await mapping.getByLabel('Base table', { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/data-sync-group-editor-phone.png` });
  await mapping.getByLabel('Source of column 4', { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/data-sync-group-editor-phone-columns.png` });
  // Nothing in the dialog scrolls sideways on a phone.
  const overflow = await dialog.evaluate(
    (element: { scrollWidth: number; clientWidth: number }) =>
      element.scrollWidth - element.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Save: the fixer finds the lower-case flags; its fix is applied and the group saved.
  await dialog.getByRole('button', { name: 'Save group' }).click();
  await expect(
    dialog.getByRole('heading', { name: /Check the case of column names/ }),
  ).toBeFocused();
  await expect(dialog.getByTestId('case-issue').first()).toContainText('PY.ISLATEST');
  await expectNoA11yViolations(page);
  await shot(page, { path: `${SHOTS}/data-sync-group-editor-review.png` });
  await dialog.getByRole('button', { name: 'Apply fixes and save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Sync group saved', { exact: true })).toBeVisible();
  await expect(newGroup).toBeFocused();
  const card = cardOf(page, GROUP_NAME);
  await expect(card).toContainText('1 mapping');
  await expect(card.getByTestId('group-run')).toHaveText('Not run yet');

  // A second new group may not take an id in use: said at the Id field.
  await newGroup.click();
  const again = page.getByRole('dialog', { name: 'New sync group' });
  await again.getByLabel('Name', { exact: true }).fill(GROUP_NAME);
  await again.getByRole('button', { name: 'Remove mapping 1' }).click();
  await expect(again.getByRole('heading', { name: 'Mappings' })).toBeFocused();
  await again.getByRole('button', { name: 'Save group' }).click();
  await expect(again.getByText(`A sync group with id "${GROUP_ID}" already exists`)).toBeVisible();
  await expect(again.getByLabel('Id', { exact: true })).toBeFocused();
  // Closing with changes asks first.
  await again.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard your changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(again).toHaveCount(0);
  await expect(newGroup).toBeFocused();
});

test('an admin edits the group, runs it and follows its card to the end', async ({ page }) => {
  test.setTimeout(330_000);
  await signInAs(page, ADMIN);
  await openConsole(page);
  const card = cardOf(page, GROUP_NAME);
  await card.getByRole('button', { name: `Edit: ${GROUP_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit sync group: ${GROUP_NAME}` });
  await expect(dialog.getByLabel('Id', { exact: true })).toHaveAttribute('readonly', '');
  // The fix applied on save is what was saved.
  await expect(mappingOf(dialog, 1).getByLabel('Filter 1', { exact: true })).toHaveValue(
    CURRENT('PY'),
  );

  await dialog.getByRole('button', { name: 'Add mapping' }).click();
  const second = mappingOf(dialog, 2);
  await expect(second.getByLabel('Destination', { exact: true })).toBeFocused();
  await second.getByLabel('Destination', { exact: true }).selectOption('payors');
  await second.getByLabel('Type', { exact: true }).selectOption('query');
  await second.getByLabel('SQL query', { exact: true }).fill(SECONDS_QUERY);
  await second.getByRole('checkbox', { name: 'Use upsert' }).check();
  await expect(second.getByRole('checkbox', { name: 'payor_key' })).toBeChecked();
  // Reordered up, then back down.
  await second.getByRole('button', { name: 'Move mapping 2 up' }).click();
  await expect(mappingOf(dialog, 1).getByLabel('Type', { exact: true })).toHaveValue('query');
  await mappingOf(dialog, 1).getByRole('button', { name: 'Move mapping 1 down' }).click();
  await expect(mappingOf(dialog, 1).getByLabel('Type', { exact: true })).toHaveValue('builder');
  await dialog.getByRole('button', { name: 'Save group' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toContainText('2 mappings');

  await waitForNoRun(page);
  await card.getByRole('button', { name: `Start Sync: ${GROUP_NAME}` }).click();
  const bar = card.getByRole('progressbar', { name: `Progress of ${GROUP_NAME}` });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  const run = card.getByTestId('group-run');
  await expect(run.getByTestId('job-status')).toHaveText('completed', { timeout: 150_000 });
  await expect(run).toContainText(/Last run .+ · [\d,]+\srows? · \d/);
  await expect(bar).toHaveCount(0);
  await expect(page.getByText(`${GROUP_NAME} completed`, { exact: true })).toBeVisible();
});

test('an admin cancels a run of a slow group from its card', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAs(page, ADMIN);
  const created = await page.request.post('/api/data-sync/sync-groups', {
    headers: await csrf(page),
    data: {
      create: true,
      group: {
        id: SLOW_ID,
        name: SLOW_NAME,
        description: 'A warehouse query that only a cancel ends',
        mappings: [
          {
            mysql_table: 'payors',
            type: 'sql_query',
            query: RUNAWAY_QUERY,
            use_upsert: true,
            key_columns: ['payor_key'],
          },
        ],
      },
    },
  });
  expect(created.status()).toBe(200);
  // A cancelled run is no failure: it opens no Sync Error dialog (checked after it ends).
  const syncError = page.getByRole('dialog', { name: 'Sync Error' });
  await openConsole(page);
  const card = cardOf(page, SLOW_NAME);
  await waitForNoRun(page);
  await card.getByRole('button', { name: `Start Sync: ${SLOW_NAME}` }).click();
  await expect(card.getByRole('progressbar', { name: `Progress of ${SLOW_NAME}` })).toBeVisible({
    timeout: 30_000,
  });
  await card.getByRole('button', { name: `Cancel ${SLOW_NAME}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Cancel ${SLOW_NAME}?` });
  await confirm.getByRole('button', { name: 'Cancel run' }).click();
  await expect(confirm).toHaveCount(0);
  const run = card.getByTestId('group-run');
  await expect(run.getByTestId('job-status')).toHaveText('cancelled', { timeout: 60_000 });
  await expect(syncError).toHaveCount(0);
  await run.getByRole('button', { name: `Details of the last run of ${SLOW_NAME}` }).click();
  const details = page.getByRole('dialog', { name: `Job Details: ${SLOW_NAME}` });
  await expect(details).toContainText(`Sync cancelled by ${ADMIN}`);
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toHaveCount(0);
});

test('an admin duplicates the group, then deletes the copy after confirming', async ({ page }) => {
  await signInAs(page, ADMIN);
  await openConsole(page);
  // A default group opens with its name fixed and its nine mappings folded; opened and
  // closed unchanged, it closes without asking (its mappings read back exactly).
  const fullSync = cardOf(page, 'Full sync').getByRole('button', { name: 'Edit: Full sync' });
  await fullSync.click();
  const full = page.getByRole('dialog', { name: 'Edit sync group: Full sync' });
  await expect(full.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
  await expect(full.getByTestId('mapping-editor')).toHaveCount(9);
  await expect(full.getByRole('button', { name: 'Expand mapping 1' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: `${SHOTS}/data-sync-group-editor-default.png` });
  await full.getByRole('button', { name: 'Cancel' }).click();
  await expect(full).toHaveCount(0);
  await expect(fullSync).toBeFocused();
  await cardOf(page, GROUP_NAME)
    .getByRole('button', { name: `Duplicate: ${GROUP_NAME}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Duplicate sync group: ${GROUP_NAME}` });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(COPY_NAME);
  await expect(dialog.getByLabel('Id', { exact: true })).toHaveValue(COPY_ID);
  await expect(dialog.getByTestId('mapping-editor')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Save group' }).click();
  await expect(dialog).toHaveCount(0);
  const copy = cardOf(page, COPY_NAME);
  await expect(copy).toContainText('2 mappings');

  await copy.getByRole('button', { name: `Delete: ${COPY_NAME}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${COPY_NAME}?` });
  await expect(confirm).toContainText(`"${COPY_NAME}" and its 2 mappings`);
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete group' }).click();
  await expect(copy).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Sync Groups' })).toBeFocused();
  // Default groups are never deleted from the console.
  await expect(
    cardOf(page, 'Full sync').getByRole('button', { name: 'Delete: Full sync' }),
  ).toHaveCount(0);
});

test('a case manager sees the group and its last run, but no editor', async ({ page }) => {
  await signInAs(page, MANAGER);
  await openConsole(page);
  const card = cardOf(page, GROUP_NAME);
  await expect(card.getByTestId('group-run').getByTestId('job-status')).toHaveText('completed');
  await expect(card.getByTestId('group-run')).toContainText('Last run');
  await expect(card.getByRole('button', { name: `Start Sync: ${GROUP_NAME}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New group' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^(Edit|Duplicate|Delete): / })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('an admin deletes the group after confirming', async ({ page }) => {
  await signInAs(page, ADMIN);
  await openConsole(page);
  const card = cardOf(page, GROUP_NAME);
  await card.getByRole('button', { name: `Delete: ${GROUP_NAME}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${GROUP_NAME}?` });
  // Thought better of: nothing happens, focus is back on Delete.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('button', { name: `Delete: ${GROUP_NAME}` })).toBeFocused();
  await card.getByRole('button', { name: `Delete: ${GROUP_NAME}` }).click();
  await confirm.getByRole('button', { name: 'Delete group' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('Sync group deleted', { exact: true })).toBeVisible();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, ADMIN);
  const headers = await csrf(page);
  // A failure half-way must not leave the runaway query holding a core for five minutes.
  for (const job of await runningJobs(page)) {
    await page.request.post(`/api/data-sync/jobs/${job.id}/cancel`, { headers });
  }
  await expect.poll(async () => (await runningJobs(page)).length, { timeout: 120_000 }).toBe(0);
  for (const id of [GROUP_ID, COPY_ID, SLOW_ID]) {
    await page.request.delete(`/api/data-sync/sync-groups/${id}`, { headers });
  }
  await page.close();
});
