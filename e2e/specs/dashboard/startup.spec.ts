import { expect, test } from '@playwright/test';
import { signInToDashboard } from '../../support/dashboard';

// The patient calls' zod schemas are built only when the app sends such a call
// (apps/web/src/lib/patients-schemas.ts), and zod loads with them: building them and
// starting zod held up a phone's start.
test('the dashboard starts without zod or the patient calls’ schemas and fetches them to send a favourite', async ({
  page,
}) => {
  await signInToDashboard(page);
  const schemaChunks: string[] = [];
  const zodChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/patients-api-[^/]+\.js$/.test(request.url())) {
      schemaChunks.push(request.url());
    }
    if (/\/assets\/zod-[^/]+\.js$/.test(request.url())) {
      zodChunks.push(request.url());
    }
  });
  // A returning user's start: the page loaded afresh on /dashboard.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Patients \(\d+\)$/ })).toBeVisible();
  // The first page drawn: the placeholders (and their loading status row) have made way.
  await expect(page.getByRole('table', { name: 'Patients' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('table', { name: 'Patients' }).getByRole('row').nth(1)).toBeVisible();
  expect(schemaChunks).toEqual([]);
  expect(zodChunks).toEqual([]);

  // Starring a patient sends a call, checked against its schema first; then undone.
  const star = page.getByRole('button', { name: / (to|from) favorites$/ }).first();
  const before = await star.getAttribute('aria-pressed');
  await star.click();
  await expect(star).not.toHaveAttribute('aria-pressed', before ?? '');
  expect(schemaChunks).toHaveLength(1);
  expect(zodChunks).toHaveLength(1);
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', before ?? '');
});

// The page sent for /dashboard names the screen's code (apps/web/vite-screen-preloads.ts),
// so the browser fetches it beside the app's own; the app's import then uses that fetch.
test('the page sent for /dashboard preloads the screen’s chunks, each fetched once', async ({
  page,
}) => {
  await signInToDashboard(page);
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/[^/]+\.js$/.test(request.url())) {
      fetched.push(new URL(request.url()).pathname);
    }
  });
  const response = await page.reload();
  const html = (await response?.text()) ?? '';
  const preloaded = [
    ...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g),
  ].map(([, href]) => href!);
  expect(preloaded.some((href) => /\/assets\/dashboard-route-[^/]+\.js$/.test(href))).toBe(true);
  expect(preloaded.some((href) => /\/assets\/app-layout-[^/]+\.js$/.test(href))).toBe(true);
  // The first page drawn: the placeholders (and their loading status row) have made way.
  await expect(page.getByRole('table', { name: 'Patients' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('table', { name: 'Patients' }).getByRole('row').nth(1)).toBeVisible();
  for (const href of preloaded) {
    expect(
      fetched.filter((path) => path === href),
      href,
    ).toHaveLength(1);
  }
});
