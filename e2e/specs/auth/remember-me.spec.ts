import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { signIn } from '../../support/auth';

const DAY_S = 24 * 60 * 60;

/** A new browser holding only what survives a restart: the cookies with an expiry. */
const restart = async (browser: Browser, context: BrowserContext) => {
  const persistent = (await context.cookies()).filter((cookie) => cookie.expires > 0);
  const next = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await next.addCookies(persistent);
  return next;
};

test('remember me keeps the sign-in across a browser restart for 30 days', async ({
  browser,
  page,
  context,
}) => {
  await signIn(page, 'customer_service@example.com', undefined, { rememberMe: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  const cookies = await context.cookies();
  const refresh = cookies.find((cookie) => cookie.name === 'refresh_token_cookie');
  expect(refresh?.httpOnly).toBe(true);
  expect(refresh?.sameSite).toBe('Lax');
  expect(refresh!.expires - Date.now() / 1000).toBeGreaterThan(29 * DAY_S);

  const later = await restart(browser, context);
  const again = await later.newPage();
  await again.goto('/dashboard');
  await expect(again.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await later.close();
});

test('without remember me the sign-in ends with the browser', async ({
  browser,
  page,
  context,
}) => {
  await signIn(page, 'customer_service@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  const sessionCookies = (await context.cookies()).filter((cookie) =>
    ['access_token_cookie', 'refresh_token_cookie'].includes(cookie.name),
  );
  expect(sessionCookies.map((cookie) => cookie.expires)).toEqual([-1, -1]);

  const later = await restart(browser, context);
  const again = await later.newPage();
  await again.goto('/dashboard');
  await expect(again).toHaveURL(/\/login$/);
  await later.close();
});
