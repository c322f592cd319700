import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { REORDER_CSV_COLUMNS, type TReorderResponse } from '@portal/domain/analytics';
import { expectNoA11yViolations, signIn, shot } from '../../support/auth';

const openAnalytics = async (page: Page) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/documentation$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Analytics' })
    .click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeVisible();
};

test('an admin switches periods and sees the cards and chart follow', async ({ page }) => {
  test.setTimeout(90_000);
  await openAnalytics(page);
  // The figures are as of the last sync: the spec's note stays, the only thing saying
  // 'real-time', and the sync time beside it says how fresh the figures are.
  await expect(page.getByText('Real-time insights')).toBeVisible();
  await expect(page.getByText(/real-time/i)).toHaveCount(1);
  await expect(page.getByTestId('last-synced')).toHaveText(
    /^Data last synced \w{3} \d{1,2}, \d{4}/,
  );
  await expect(page.getByRole('tab', { name: 'Processing Time' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page.getByRole('heading', { level: 2, name: 'Order Processing Time Analysis' }),
  ).toBeVisible();
  const cards = page.getByTestId('category-cards');
  await expect(cards.getByRole('heading').first()).toBeVisible();
  await expect(
    page.getByTestId('processing-chart').locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  // The chart's text alternative: the same figures in a table screen readers reach.
  const figures = page.getByRole('table', { name: 'Average processing time by status' });
  await expect(figures.getByRole('row').nth(1)).toBeAttached();
  await expect(page.getByText(/^Pending orders average .+ before processing$/)).toBeVisible();
  await expect(page.getByText(/^Shipped orders take .+ on average$/)).toBeVisible();
  await expect(page.getByText(/^Most common status: .+ \(\d+ orders\)$/)).toBeVisible();
  const statusChart = page.getByTestId('status-duration-chart');
  await statusChart.scrollIntoViewIfNeeded();
  await expect(statusChart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/analytics-processing-time.png', fullPage: true });

  const monthCards = (await cards.textContent()) ?? '';
  const monthFigures = (await figures.textContent()) ?? '';
  await page.getByLabel('Period').selectOption({ label: 'Last 6 months' });
  await expect(cards).not.toHaveText(monthCards);
  await expect(figures).not.toHaveText(monthFigures);
  await page.getByLabel('Period').selectOption({ label: '60 days' });
  await expect(cards).not.toHaveText(monthCards);
  await page.getByLabel('Period').selectOption({ label: 'Last 30 days' });
  await expect(cards).toHaveText(monthCards);
});

test('an admin opens each reorder view and follows a patient to the dashboard', async ({
  page,
}) => {
  // Four axe runs and two charts on a shared two-core machine.
  test.setTimeout(120_000);
  await openAnalytics(page);
  const answer = page.waitForResponse((response) =>
    response.url().includes('/api/analytics/reorder-patterns'),
  );
  await page.getByRole('tab', { name: 'Reorder Patterns' }).click();
  const data = (await (await answer).json()) as TReorderResponse;
  await expect(
    page.getByRole('heading', { level: 2, name: 'Patient Reorder Patterns' }),
  ).toBeVisible();
  for (const note of [
    'Need immediate attention',
    'Within 7 days',
    'Between orders',
    'With reorder patterns',
  ]) {
    await expect(page.getByText(note)).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  if (data.summary.overdue_reorders > 0) {
    await expect(
      page.getByText(
        `${data.summary.overdue_reorders} patients are overdue for reorders. Consider reaching out to ensure continuity of care.`,
      ),
    ).toBeVisible();
  }
  const attention = page.getByRole('region', { name: 'Patients Needing Attention' });
  const links = attention.getByRole('link');
  await expect(links.first()).toBeVisible();
  expect(await links.count()).toBeLessThanOrEqual(5);
  await expect(
    attention.getByText(/^(\d+ days overdue|Due today|Due tomorrow|Due in \d+ days)$/).first(),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/analytics-reorder-overview.png', fullPage: true });

  await page.getByRole('tab', { name: 'Patients' }).click();
  const schedule = page.getByRole('table', { name: 'Patient Reorder Schedule' });
  await expect(schedule.getByRole('columnheader')).toHaveText([
    'Patient',
    'Orders',
    'Avg Cycle',
    'Last Order',
    'Next Order',
    'Status',
  ]);
  const total = data.summary.total_patients;
  await expect(schedule.getByRole('row')).toHaveCount(Math.min(20, total) + 1);
  await expect(schedule.getByRole('row').nth(1)).toContainText(/\w{3} \d{1,2}, \d{4}/);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/analytics-reorder-patients.png', fullPage: true });
  // Past the first 20: the next page, and back.
  if (total > 20) {
    const pages = page.getByRole('navigation', { name: 'Patient Reorder Schedule pages' });
    const first = (await schedule.getByRole('row').nth(1).textContent()) ?? '';
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText(`Page 2 of ${Math.ceil(total / 20)}`)).toBeVisible();
    await expect(schedule.getByRole('row').nth(1)).not.toHaveText(first);
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect(schedule.getByRole('row').nth(1)).toHaveText(first);
  }
  // Every tracked patient as CSV, written (and audited) by the server.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV: all tracked patients' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^reorder_patients_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(REORDER_CSV_COLUMNS.join(','));
  expect(lines).toHaveLength(total + 1);

  await page.getByRole('tab', { name: 'Categories' }).click();
  await expect(
    page.getByTestId('category-chart').locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  const byPatients = Object.entries(data.category_patterns).sort(
    ([, a], [, b]) => b.patient_count - a.patient_count,
  );
  const categoryTable = page.getByRole('table', { name: 'Reorder cycle by category' });
  await expect(categoryTable.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(
    byPatients[0]![0],
  );
  await expect(page.getByText('Min cycle').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/analytics-reorder-categories.png', fullPage: true });

  // A name in the attention list opens that patient on the dashboard.
  await page.getByRole('tab', { name: 'Overview' }).click();
  const first = links.first();
  const name = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/dashboard\?/);
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Orders for ${name}`) }),
  ).toBeVisible();
  await shot(page, { path: 'screenshots/analytics-patient-on-dashboard.png', fullPage: true });
});

test('a case manager gets Access Denied on the screen and 403 from the API', async ({ page }) => {
  await signIn(page, 'case_manager@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect((await page.request.get('/api/analytics/processing-time?days=30')).status()).toBe(403);
  expect((await page.request.get('/api/analytics/reorder-patterns')).status()).toBe(403);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const noSidewaysScroll = async (page: Page) =>
    expect
      .poll(() =>
        page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth'),
      )
      .toBe(true);

  test('no view scrolls sideways and axe finds nothing', async ({ page }) => {
    // Five axe runs and two charts on a shared two-core machine.
    test.setTimeout(120_000);
    await signIn(page, 'admin@example.com');
    await expect(page).toHaveURL(/\/admin\/documentation$/);
    await page.goto('/analytics');
    await expect(page.getByTestId('category-cards').getByRole('heading').first()).toBeVisible();
    // The charts' screen-reader tables are on the page from here on.
    await page.getByTestId('processing-chart').scrollIntoViewIfNeeded();
    await expect(
      page.getByRole('table', { name: 'Average processing time by status' }),
    ).toBeAttached();
    await noSidewaysScroll(page);
    await expectNoA11yViolations(page);

    await page.getByRole('tab', { name: 'Reorder Patterns' }).click();
    await expect(page.getByText('Need immediate attention')).toBeVisible();
    await noSidewaysScroll(page);
    await expectNoA11yViolations(page);

    await page.getByRole('tab', { name: 'Patients' }).click();
    const cards = page.getByRole('list', { name: 'Patient Reorder Schedule' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await noSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await shot(page, {
      path: 'screenshots/analytics-reorder-patients-phone.png',
      fullPage: true,
    });

    await page.getByRole('tab', { name: 'Categories' }).click();
    await expect(page.getByRole('table', { name: 'Reorder cycle by category' })).toBeAttached();
    await noSidewaysScroll(page);
    await expectNoA11yViolations(page);
  });

  test('the chart library is fetched and drawn only when a chart is scrolled near', async ({
    page,
  }) => {
    const chartChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/bar-charts-[^/]+\.js$/.test(request.url())) {
        chartChunks.push(request.url());
      }
    });
    await signIn(page, 'admin@example.com');
    await expect(page).toHaveURL(/\/admin\/documentation$/);
    await page.goto('/analytics');
    const cards = page.getByTestId('category-cards');
    await expect(cards.getByRole('heading').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Key Insights' })).toBeAttached();
    // The cards stack in one column: the charts are below the first screen, still grey.
    const chart = page.getByTestId('processing-chart');
    await expect(chart.locator('.animate-pulse')).toBeAttached();
    expect(chartChunks).toEqual([]);

    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
    expect(chartChunks).toHaveLength(1);
    // The figures were there all along for screen readers.
    await expect(
      page.getByRole('table', { name: 'Average processing time by status' }).getByRole('row'),
    ).not.toHaveCount(0);
  });
});
