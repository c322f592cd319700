import type { TAppPath } from '@portal/domain/routes';

/**
 * The code of the screens the route table opens lazily, by path, and of the signed-in frame
 * around them; pages.tsx and router.tsx draw their screens from these. The build reads this
 * table too (vite-screen-preloads.ts): the page the server sends for each of these addresses
 * names the screen's chunks, so the browser fetches them beside the app's own code instead
 * of after it has run. It reads them as text: keep each entry a path and an arrow function
 * that imports one module, as they are.
 */
export const loadAppLayout = () => import('./app-layout');

export const SCREEN_MODULES = {
  '/forgot-password': () => import('../features/auth/components/forgot-password-page'),
  '/reset-password': () => import('../features/auth/components/reset-password-page'),
  '/accept-invitation': () => import('../features/auth/components/accept-invitation-page'),
  '/confirm-email': () => import('./confirm-email-route'),
  '/public/support': () => import('../features/contact/components/public-support-page'),
  '/change-password': () => import('../features/auth/components/change-password-page'),
  '/dashboard': () => import('./dashboard-route'),
  '/patient-search': () => import('./staff-routes'),
  '/intake': () => import('./staff-routes'),
  '/worklist': () => import('./worklist-route'),
  '/analytics': () => import('../features/analytics/components/analytics-page'),
  '/contact': () => import('./contact-route'),
  '/documents': () => import('./documents-route'),
  '/data-sync': () => import('./data-sync-route'),
  '/data-sync/integrity': () => import('../features/data-sync/components/integrity-page'),
  '/admin/bulk-upload': () => import('../features/bulk-upload/components/bulk-upload-page'),
  '/admin/patient-portal-activation': () =>
    import('../features/portal-activation/components/portal-activation-page'),
  '/admin/documentation': () => import('../features/admin-docs/components/admin-docs-page'),
  '/admin/audit': () => import('../features/audit/components/audit-page'),
  '/profile': () => import('./profile-route'),
  '/notifications': () => import('../features/notifications/components/notifications-page'),
  '/unsubscribe': () => import('./unsubscribe-route'),
  '/admin/notifications': () =>
    import('../features/notifications/components/notification-stats-page'),
  '/admin/security': () => import('../features/mfa-admin/components/mfa-admin-page'),
  '/security-setup': () => import('../features/security/components/security-setup-page'),
} satisfies Record<Exclude<TAppPath, '/login'>, () => Promise<unknown>>;
