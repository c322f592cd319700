import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signInAs } from '../../support/auth';

/**
 * Issue 29's closing walk: every screen, as each role that may open it, at a desktop and
 * a phone size. None scrolls sideways and axe finds nothing, once the screen has settled.
 */

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const WALKS: { who: string | null; screens: string[] }[] = [
  { who: null, screens: ['/login', '/forgot-password', '/reset-password', '/public/support'] },
  {
    who: 'admin@example.com',
    screens: [
      '/admin/documentation',
      '/patient-search',
      '/worklist',
      '/intake',
      '/analytics',
      '/documents',
      '/data-sync',
      '/admin/bulk-upload',
      '/admin/patient-portal-activation',
      '/admin/audit',
      '/admin/notifications',
      '/notifications',
      '/contact',
      '/profile',
      '/change-password',
    ],
  },
  {
    who: 'case_manager@example.com',
    screens: [
      '/dashboard',
      '/patient-search',
      '/worklist',
      '/intake',
      '/documents',
      '/data-sync',
      '/notifications',
      '/profile',
    ],
  },
  { who: 'customer_service@example.com', screens: ['/dashboard', '/worklist', '/contact'] },
  { who: 'patient@example.com', screens: ['/dashboard', '/contact', '/notifications', '/profile'] },
  { who: 'case_manager_admin@example.com', screens: ['/dashboard', '/profile'] },
];

/** The screen has drawn its heading and nothing on it is still loading. */
const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
};

for (const size of SIZES) {
  for (const walk of WALKS) {
    test(`${walk.who ?? 'signed out'} at ${size.name}: no sideways scroll, axe clean`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      if (walk.who) {
        await signInAs(page, walk.who);
      }
      for (const screen of walk.screens) {
        await page.goto(screen);
        await expect(page).toHaveURL(new RegExp(`${screen}(\\?|$)`));
        await settled(page);
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        expect([screen, overflow]).toEqual([screen, 0]);
        await expectNoA11yViolations(page);
      }
    });
  }
}
