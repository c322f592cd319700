import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoA11yViolations, shot } from '../../support/auth';
import { signInToDashboard } from '../../support/dashboard';

/*
 * The browser's logout call is made to fail by intercepting it in the browser; the portal
 * itself is real. Its session cookies are HttpOnly: only the server's answer clears them, so
 * while that answer does not come the app must say the browser is still signed in.
 */

const STILL_SIGNED_IN =
  'You are still signed in on the server. Close the browser to finish signing out.';
const FAILED_TITLE = 'Sign-out did not finish';
const EXPIRED = 'Your session has expired. Please login again.';
const LOGOUT = '**/api/logout';

/** The context's cookies as one Cookie header, to replay the session after it has ended. */
const cookieHeader = async (context: BrowserContext) =>
  (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

const expectStillSignedInScreen = async (page: Page) => {
  await expect(page.getByRole('alert')).toHaveText(STILL_SIGNED_IN);
  await expect(page.getByRole('heading', { level: 1, name: FAILED_TITLE })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);
};

test('a logout the server never answers says so, and Try again signs out', async ({
  page,
  context,
  request,
}) => {
  await signInToDashboard(page);
  const session = await cookieHeader(context);
  let failedAttempts = 0;
  await page.route(LOGOUT, async (route) => {
    failedAttempts += 1;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Service unavailable', code: 'unavailable' }),
    });
  });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expectStillSignedInScreen(page);
  expect(failedAttempts).toBe(3);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Nothing of the session's screens is left behind the message.
  await expect(page.getByRole('heading', { level: 2, name: 'Patient Search' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/logout-failed.png', fullPage: true });

  // The app did not pretend: the cookies still sign the browser in, so a reload shows the
  // signed-in app, and signing out again meets the same failure.
  expect((await page.request.get('/api/check-auth')).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Patient Search' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectStillSignedInScreen(page);
  expect(failedAttempts).toBe(6);

  // The server answers again: Try again ends the session and lands on the login page.
  await page.unroute(LOGOUT);
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
  await page.getByRole('button', { name: 'Try again' }).click();
  expect((await loggedOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  // The old session's cookies, replayed from outside the browser, are refused.
  expect((await request.get('/api/check-auth', { headers: { cookie: session } })).status()).toBe(
    401,
  );
  expect(
    (await request.post('/api/refresh-token', { headers: { cookie: session } })).status(),
  ).toBe(401);
  expect((await page.request.get('/api/check-auth')).status()).toBe(401);
});

test('the idle logoff with the connection dropping keeps the screen cleared and does not pretend', async ({
  page,
}) => {
  await page.clock.install();
  await signInToDashboard(page);
  await page.route(LOGOUT, (route) => route.abort('connectionreset'));

  // 30 minutes without input: the screen is cleared, but the login page is not shown.
  await page.clock.fastForward('30:00');
  await expectStillSignedInScreen(page);
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Patient Search' })).toHaveCount(0);
  expect((await page.request.get('/api/check-auth')).status()).toBe(200);

  await page.unroute(LOGOUT);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(EXPIRED)).toBeVisible();
  expect((await page.request.get('/api/check-auth')).status()).toBe(401);
});
