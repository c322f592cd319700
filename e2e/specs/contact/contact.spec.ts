import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CONTACT_MESSAGES, SUPPORT_CONTACT } from '@portal/domain/contact';
import { expectNoA11yViolations, signIn, shot } from '../../support/auth';

// run.ts leaves SUPPORT_EMAIL unset, so the portal mails its documented default.
const SUPPORT_EMAIL = 'support@localhost';

/** The raw mails the SMTP capture server received for `to`. */
const mailsTo = async (to: string) => {
  const dir = process.env.E2E_MAIL_DIR!;
  const names = (await readdir(dir).catch(() => [])).sort();
  const mails = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
  return mails.filter((mail) => mail.includes(`To: ${to}`));
};

test('a patient sends a message to support and the mail arrives', async ({ page }) => {
  await signIn(page, 'patient@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Contact Support' }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Send us a message' });
  // Filled from the signed-in user.
  await expect(form.getByLabel('Name')).toHaveValue('Demo Patient');
  await expect(form.getByLabel('Email')).toHaveValue('patient@example.com');
  await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByText(SUPPORT_CONTACT.replyTime)).toBeVisible();
  await expect(page.getByRole('link', { name: SUPPORT_CONTACT.phone })).toBeVisible();
  await expect(page.getByText(SUPPORT_CONTACT.hours)).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/contact.png', fullPage: true });

  // An empty subject is stopped by the browser: nothing is sent.
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByLabel('Subject')).toHaveJSProperty('validity.valueMissing', true);

  const marker = `E2E-${Date.now().toString(36)}`;
  await form.getByLabel('Subject').fill(`Mask size question ${marker}`);
  await form.getByLabel('Message').fill('My new mask is too small.\nCan you send a medium?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  const sent = page.getByRole('status').filter({ hasText: CONTACT_MESSAGES.sent });
  await expect(sent).toBeVisible();
  await expect(form.getByLabel('Subject')).toHaveValue('');
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/contact-sent.png', fullPage: true });

  await expect
    .poll(async () => (await mailsTo(SUPPORT_EMAIL)).find((mail) => mail.includes(marker)), {
      message: `a support mail with ${marker}`,
      timeout: 15_000,
    })
    .toBeTruthy();
  const mail = (await mailsTo(SUPPORT_EMAIL)).find((raw) => raw.includes(marker))!;
  expect(mail).toContain(`Subject: Contact Support: Mask size question ${marker}`);
  expect(mail).toContain('From: Demo Patient <patient@example.com>');
  expect(mail).toContain('My new mask is too small.');

  // The banner closes by itself after 5 s.
  await expect(sent).toBeHidden({ timeout: 8_000 });
});

test('a network failure is named as one, and the form keeps what was written', async ({
  page,
  context,
}) => {
  await signIn(page, 'patient@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Subject').fill('Offline question');
  await form.getByLabel('Message').fill('Sent while offline.');
  await context.setOffline(true);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toHaveText(CONTACT_MESSAGES.network);
  await expect(form.getByLabel('Subject')).toHaveValue('Offline question');
  await context.setOffline(false);
  await expect(page.getByRole('alert')).toBeHidden({ timeout: 8_000 });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the form and the cards stack in one column', async ({ page }) => {
    await signIn(page, 'patient@example.com');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/contact');
    await expect(page.getByRole('form', { name: 'Send us a message' })).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, { path: 'screenshots/contact-mobile.png', fullPage: true });
  });
});
