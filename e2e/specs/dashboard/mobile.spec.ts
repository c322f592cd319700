import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, shot } from '../../support/auth';
import { signInToDashboard } from '../../support/dashboard';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the patient list is a stack of cards', async ({ page }) => {
  await signInToDashboard(page);
  const cards = page.getByTestId('patient-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(15);
  await expect(page.getByRole('table', { name: 'Patients' })).toBeHidden();

  const card = cards.first();
  await expect(card.getByText('Date of Birth')).toBeVisible();
  await expect(card.getByRole('button', { name: /to favorites$|from favorites$/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/dashboard-mobile.png', fullPage: true });
  await shot(page, { path: 'screenshots/dashboard-mobile-top.png' });

  // The card's own buttons choose the patient and open the details.
  await card.getByRole('button', { name: /^Details for / }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const name = await card.getByRole('button').first().innerText();
  await card.getByRole('button', { name, exact: true }).click();
  // The orders sit below fifteen cards; choosing a patient brings them into view.
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Orders for ${name}`) }),
  ).toBeInViewport();
});
