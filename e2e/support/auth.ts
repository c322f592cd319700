import { spawnSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const required = (name: string) => {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run the end-to-end tests with \`npm run test:e2e\``);
  }
  return value;
};

export const DEMO_PASSWORD = required('E2E_DEMO_PASSWORD');
export const DATA_DIR = required('E2E_DATA_DIR');
const MAIL_DIR = required('E2E_MAIL_DIR');

/** A unique address per call, so specs running side by side never share an account. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Fills and submits the sign-in form (it appears after the spec's 800 ms). */
export const signIn = async (
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  options: { rememberMe?: boolean } = {},
) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.rememberMe) {
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
  }
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/**
 * Signs in as a demo account and lands signed in; the first-login filter prompt, whenever it
 * shows, is skipped (specs that test the prompt itself use signIn).
 */
export const signInAs = async (page: Page, email: string) => {
  const prompt = page.getByRole('dialog', { name: 'Set Your Dashboard Filters' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Skip for now' }).click();
    await expect(prompt).toHaveCount(0);
  });
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
};

/** The CSRF header the signed-in page's API calls carry, for page.request writes. */
export const csrf = async (page: Page) => {
  const cookies = await page.context().cookies();
  return { 'X-CSRF-TOKEN': cookies.find((c) => c.name === 'csrf_access_token')?.value ?? '' };
};

/**
 * Creates a user with a temporary password in the running portal's database, the way an
 * operator would: with tools/create-user.ts, not through a test-only API.
 */
export const createTemporaryUser = (
  email: string,
  role: string,
  password: string,
  payorKey?: string,
) => {
  // Node with tsx's loader, not `npx tsx`: npx's own start doubled the cost.
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'tools/create-user.ts',
      '--email',
      email,
      '--role',
      role,
      '--password',
      password,
      ...(payorKey ? ['--payor', payorKey] : []),
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR, DATABASE_URL: path.join(DATA_DIR, 'portal.db') },
    },
  );
  if (result.status !== 0) {
    throw new Error(`create-user failed: ${result.stderr}`);
  }
};

const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export const mailsTo = async (email: string) => {
  const names = await readdir(MAIL_DIR).catch(() => []);
  const mails = await Promise.all(
    names
      .sort()
      .map(async (name) =>
        decodeQuotedPrintable(await readFile(path.join(MAIL_DIR, name), 'utf8')),
      ),
  );
  return mails.filter((mail) => mail.includes(`To: ${email}`));
};

/** Waits for the reset mail the SMTP capture server received and returns its link. */
export const resetLinkFor = async (email: string) => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email)).at(-1);
        link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail ?? '')?.[0];
        return link;
      },
      { message: `a reset mail to ${email} in ${MAIL_DIR}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
};

/** Waits for the mail confirming a new email address and returns its link. */
export const confirmEmailLinkFor = async (email: string) => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email)).at(-1);
        link = /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail ?? '')?.[0];
        return link;
      },
      { message: `a confirmation mail to ${email} in ${MAIL_DIR}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
};

/**
 * No axe-core violations on the page as it stands. Every rule runs; two settings only cut the
 * time (a call took 3.9 s on average on a two-core CI machine, 1.9 s with them; the suite
 * makes over a hundred): the portal has no frames, so axe runs in the page itself rather than
 * in each frame and then in a new blank page (legacy mode), and it builds the selectors of
 * the nodes it reports as violations only, not of every node that passed.
 */
export const expectNoA11yViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(results.violations).toEqual([]);
};

/**
 * A new account's first sign-in: the temporary password, the forced change to `password`,
 * then the dashboard with the first-login filter prompt skipped.
 */
export const firstSignIn = async (
  page: Page,
  email: string,
  temporary: string,
  password: string,
) => {
  await signIn(page, email, temporary);
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set Password & Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Skip for now' }).click();
};

/**
 * A screenshot for people to look at (e2e/screenshots), taken only when E2E_SCREENSHOTS is
 * set: no test reads them, and the suite's hundred-odd full-page captures cost CI time.
 */
export const shot = async (
  target: Page | Locator,
  options: Parameters<Page['screenshot']>[0] & Parameters<Locator['screenshot']>[0],
) => {
  if (process.env.E2E_SCREENSHOTS) {
    await target.screenshot(options);
  }
};
