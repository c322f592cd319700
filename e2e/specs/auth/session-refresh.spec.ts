import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SignJWT, decodeJwt } from 'jose';
import { DATA_DIR, signIn } from '../../support/auth';

test('an expired access token is refreshed without the user noticing', async ({
  page: signInPage,
  context,
}) => {
  await signIn(signInPage, 'case_manager@example.com');
  await expect(signInPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Closed before the token is swapped: a call of its own sent after the swap would meet
  // the expired token and refresh it, racing the page under test for the cookies.
  await signInPage.close();

  // Re-sign the current access token with an expiry in the past, as if 15 minutes had gone by.
  const secrets = JSON.parse(await readFile(path.join(DATA_DIR, 'secrets.json'), 'utf8')) as {
    jwt_secret: string;
  };
  const access = (await context.cookies()).find((cookie) => cookie.name === 'access_token_cookie')!;
  const claims = decodeJwt(access.value);
  const past = Math.floor(Date.now() / 1000) - 60;
  const expired = await new SignJWT({ ...claims, iat: past - 900, exp: past })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secrets.jwt_secret));
  await context.addCookies([{ ...access, value: expired }]);

  const page = await context.newPage();
  const refreshed = page.waitForResponse(
    (response) => response.url().endsWith('/api/refresh-token') && response.status() === 200,
  );
  await page.goto('/dashboard');
  await refreshed;
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const renewed = (await context.cookies()).find((cookie) => cookie.name === 'access_token_cookie');
  expect(renewed?.value).not.toBe(expired);
});
