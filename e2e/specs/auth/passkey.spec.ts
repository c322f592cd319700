import { expect, test, type Page } from '@playwright/test';
import { MFA_LIMITS, MFA_MESSAGES } from '@portal/domain/mfa-api';
import {
  createTemporaryUser,
  expectNoA11yViolations,
  firstSignIn,
  signIn,
  uniqueEmail,
} from '../../support/auth';

const PASSWORD = 'Cedar-Lantern-57!';

/**
 * Browsers refuse an IP address as a passkey's site: the portal, configured at
 * http://127.0.0.1:port, serves passkeys to http://localhost:port (decisions.md, "Passkeys"),
 * so this spec opens it there.
 */
test.use({ baseURL: process.env.E2E_BASE_URL!.replace('//127.0.0.1:', '//localhost:') });

/** Chromium's virtual authenticator: a device's own (internal), with a screen lock that passes. */
const virtualAuthenticator = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

test('a passkey added on My Profile signs in after the password, then alone', async ({ page }) => {
  const email = uniqueEmail('passkey');
  createTemporaryUser(email, 'customer_service', 'Temp-Start-Pass9!');
  await firstSignIn(page, email, 'Temp-Start-Pass9!', PASSWORD);
  const authenticator = await virtualAuthenticator(page);

  await page.goto('/profile');
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Add passkey' }).click();
  await expect(security.getByRole('heading', { name: 'Add a passkey' })).toBeFocused();
  await expectNoA11yViolations(page);
  await security.getByLabel('Name', { exact: true }).fill('This laptop');
  await security.getByRole('button', { name: 'Create passkey' }).click();
  // The first sign-in method comes with recovery codes, shown once.
  await expect(security.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(
    MFA_LIMITS.recoveryCodes,
  );
  await expect(security.getByText(MFA_MESSAGES.passkeyAddedWithCodes)).toBeVisible();
  await security.getByRole('button', { name: 'Done' }).click();
  await expect(security.getByText('This laptop')).toBeVisible();
  await expect(security.getByRole('button', { name: 'Add passkey' })).toBeFocused();
  // Made as a discoverable passkey: the authenticator holds it for this site.
  expect(await authenticator.credentials()).toMatchObject([
    { isResidentCredential: true, rpId: 'localhost' },
  ]);

  // The password alone no longer signs in: the passkey finishes it.
  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Without the password: the login card's passkey button.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThanOrEqual(2);
});
