import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { WORKLIST_CSV_HEADERS } from '@portal/domain/worklist-api';
import { expectNoA11yViolations, shot } from '../../support/auth';
import { signInToDashboard } from '../../support/dashboard';

/** '24 days' → 24, 'today' → 0; anything else (N/A) is not a number of days. */
const days = (text: string) => {
  if (/^today$|^< 1 day$/.test(text.trim())) {
    return 0;
  }
  const match = /^(\d+) days?$/.exec(text.trim());
  return match ? Number(match[1]) : Number.NaN;
};

/** Waits for the list's answer to a change, and for the rows to show it. */
const listAnswer = async (page: Page, change: () => Promise<void>, query: RegExp) => {
  const answered = page.waitForResponse(
    (response) =>
      /\/api\/worklist\/payor\/[^/]+\/orders\?/.test(response.url()) && query.test(response.url()),
  );
  await change();
  expect((await answered).ok()).toBe(true);
  await expect(page.getByTestId('worklist-results')).not.toHaveAttribute('aria-busy', 'true');
};

const rowCells = (row: Locator) => row.getByRole('cell');

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    ),
  ).toBeLessThanOrEqual(0);

test('a case manager works through Action Items: sorts, filters, downloads and opens an order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToDashboard(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Worklist' })
    .click();
  await expect(page).toHaveURL(/\/worklist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Worklist' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Action Items/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const table = page.getByRole('table', { name: 'Worklist orders' });
  const rows = table.locator('tbody tr');
  const ageHeader = table.getByRole('columnheader', { name: /Days in status/ });
  // Action Items open the longest waiting first; a click turns the order around, and back.
  await expect(ageHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.nth(1)).toBeVisible();
  await listAnswer(page, () => ageHeader.getByRole('button').click(), /sort=age&dir=asc/);
  await expect(page).toHaveURL(/\/worklist\?dir=asc$/);
  await expect(ageHeader).toHaveAttribute('aria-sort', 'ascending');
  // The first order is still cached: it shows at once, without a new answer.
  await ageHeader.getByRole('button').click();
  await expect(page).toHaveURL(/\/worklist$/);
  await expect(ageHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByTestId('worklist-results')).not.toHaveAttribute('aria-busy', 'true');
  const firstDays = days(await rowCells(rows.nth(0)).nth(2).innerText());
  const secondDays = days(await rowCells(rows.nth(1)).nth(2).innerText());
  expect(firstDays).toBeGreaterThanOrEqual(secondDays);

  // One category: the first row's; then every row shows it.
  const category = (await rowCells(rows.nth(0)).nth(4).innerText()).trim();
  expect(category).not.toBe('N/A');
  await listAnswer(
    page,
    async () => {
      await page.getByLabel('Category').selectOption({ label: category });
    },
    /categories=/,
  );
  await expect(page).toHaveURL(/categories=/);
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  await expect(table.locator('tbody tr td:nth-child(6)')).toHaveText(Array(count).fill(category));

  // The filtered rows as CSV, every page of them.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);
  expect(lines[0]).toBe(WORKLIST_CSV_HEADERS.join(','));
  expect(lines.length - 1).toBeGreaterThan(0);

  // A row opens its order beside the list, with the status in plain words.
  const first = rows.nth(0);
  const link = first.getByRole('link', { name: /^Order / });
  const soNumber = (await link.innerText()).trim();
  const plainStatus = (await rowCells(first).nth(1).locator('span').first().innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`order=${soNumber}`));
  const heading = page.getByRole('heading', { name: `Order #${soNumber}` });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const detail = page.locator('#order-detail');
  await expect(detail.getByText(plainStatus).first()).toBeVisible();
  await expect(table).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/worklist-desktop.png', fullPage: true });

  // Closing gives focus back to the row; Back opens the order again.
  await page.getByRole('button', { name: `Close order ${soNumber}` }).click();
  await expect(heading).toHaveCount(0);
  await expect(link).toBeFocused();
  await page.goBack();
  await expect(heading).toBeVisible();
  // At 1280 px the order still sits beside the list; below that it opens over it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(table).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, { path: 'screenshots/worklist-1280.png' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByRole('dialog', { name: 'Order details' })).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, { path: 'screenshots/worklist-1024.png' });

  // A phone: cards, nothing wider than the screen, the order over the list.
  await page.goto('/worklist');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  const card = page.getByTestId('worklist-card').first();
  await expect(card).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/worklist-phone.png', fullPage: true });
  await shot(page, { path: 'screenshots/worklist-phone-top.png' });
  await card.getByRole('link', { name: /^Order / }).click();
  const dialog = page.getByRole('dialog', { name: 'Order details' });
  await expect(dialog.getByRole('heading', { name: /^Order #/ })).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/worklist-phone-order.png' });
  // Escape closes it back to the card's link.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/order=/);
  await expect(card.getByRole('link', { name: /^Order / })).toBeFocused();
});
