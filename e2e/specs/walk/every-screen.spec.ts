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
      '/admin/security',
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

/**
 * Opens a screen the way the app's own links do (the router follows the history), not with
 * a page load: the app, its session check and the shared chunks load once per walk, which
 * took a third of the walk's time when every screen was a fresh page.
 */
const openInApp = async (page: Page, screen: string) => {
  await page.evaluate(
    `window.history.pushState(null, '', ${JSON.stringify(screen)});` +
      `window.dispatchEvent(new PopStateEvent('popstate', { state: null }));`,
  );
};

/** A walk's screens in parts of this many, so the two workers share the longest walks. */
const PART = 8;

const parts = (screens: string[]) =>
  Array.from({ length: Math.ceil(screens.length / PART) }, (_, index) =>
    screens.slice(index * PART, (index + 1) * PART),
  );

for (const walk of WALKS) {
  for (const screens of parts(walk.screens)) {
    test(`${walk.who ?? 'signed out'}, ${screens[0]} on: no sideways scroll at desktop or phone size, axe clean`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const [first] = SIZES;
      await page.setViewportSize({ width: first.width, height: first.height });
      if (walk.who) {
        await signInAs(page, walk.who);
      } else {
        await page.goto(screens[0]!);
      }
      for (const screen of screens) {
        await page.setViewportSize({ width: first.width, height: first.height });
        await openInApp(page, screen);
        await expect(page).toHaveURL(new RegExp(`${screen}(\\?|$)`));
        // Each size in turn: the same screen, drawn again for the phone.
        for (const size of SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await settled(page);
          const overflow = await page.evaluate<number>(
            'document.documentElement.scrollWidth - document.documentElement.clientWidth',
          );
          expect([screen, size.name, overflow]).toEqual([screen, size.name, 0]);
          await expectNoA11yViolations(page);
        }
      }
    });
  }
}
