import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TAuthUser } from '@portal/domain/auth-api';
import type { TAppPath } from '@portal/domain/routes';
import {
  DashboardFallback,
  prefetchDashboard,
  preloadDashboardQueries,
} from './dashboard-prefetch';
import { lazyComponent, type TLazyComponent } from '../lib/lazy-component';

export type TAppPage = {
  path: TAppPath;
  title: string;
  /** Listed in the main navigation (for the roles that may open it). */
  inNav: boolean;
  element: ReactNode;
  /** Starts the screen's chunk download (lazy screens); the router calls it at start-up. */
  preload?: () => Promise<unknown>;
  /** Starts the screen's first queries while its chunk still downloads. */
  prefetch?: (queryClient: QueryClient, user: TAuthUser) => void;
  /** Drawn while the chunk downloads; the same size as the screen's own first state. */
  fallback?: ReactNode;
};

// Each screen is a chunk of its own: /login and /dashboard load only what they draw.
const Dashboard = lazyComponent(
  () => import('./dashboard-route'),
  (module) => module.DashboardRoute,
);
const PatientSearch = lazyComponent(
  () => import('./staff-routes'),
  (module) => module.PatientSearchRoute,
);
const Intake = lazyComponent(
  () => import('./staff-routes'),
  (module) => module.IntakeRoute,
);
const AuditTrail = lazyComponent(
  () => import('../features/audit/components/audit-page'),
  (module) => module.AuditPage,
);
// The TipTap editor inside it is split off again and loads when a form first opens.
const AdminDocumentation = lazyComponent(
  () => import('../features/admin-docs/components/admin-docs-page'),
  (module) => module.AdminDocsPage,
);
const ChangePassword = lazyComponent(
  () => import('../features/auth/components/change-password-page'),
  (module) => module.ChangePasswordPage,
);

const Contact = lazyComponent(
  () => import('./contact-route'),
  (module) => module.ContactRoute,
);
const Profile = lazyComponent(
  () => import('./profile-route'),
  (module) => module.ProfileRoute,
);

const DataSync = lazyComponent(
  () => import('./data-sync-route'),
  (module) => module.DataSyncRoute,
);
const DataIntegrity = lazyComponent(
  () => import('../features/data-sync/components/integrity-page'),
  (module) => module.IntegrityPage,
);

const Documents = lazyComponent(
  () => import('./documents-route'),
  (module) => module.DocumentsRoute,
);

const BulkUpload = lazyComponent(
  () => import('../features/bulk-upload/components/bulk-upload-page'),
  (module) => module.BulkUploadPage,
);
const PortalActivation = lazyComponent(
  () => import('../features/portal-activation/components/portal-activation-page'),
  (module) => module.PortalActivationPage,
);

// Recharts comes with this chunk only: the entry bundle does not carry it.
const Analytics = lazyComponent(
  () => import('../features/analytics/components/analytics-page'),
  (module) => module.AnalyticsPage,
);

const lazyScreen = (Screen: TLazyComponent) => ({ element: <Screen />, preload: Screen.preload });

/** The signed-in screens of the route table; who may open each comes from ROUTE_ACCESS. */
export const APP_PAGES: readonly TAppPage[] = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    inNav: true,
    ...lazyScreen(Dashboard),
    preload: () => Promise.all([Dashboard.preload(), preloadDashboardQueries()]),
    prefetch: prefetchDashboard,
    fallback: <DashboardFallback />,
  },
  {
    path: '/patient-search',
    title: 'Patient Search',
    inNav: true,
    ...lazyScreen(PatientSearch),
    // The same patient browser as the dashboard's, asking the same first queries.
    preload: () => Promise.all([PatientSearch.preload(), preloadDashboardQueries()]),
    prefetch: prefetchDashboard,
  },
  { path: '/intake', title: 'Intake', inNav: true, ...lazyScreen(Intake) },
  {
    path: '/analytics',
    title: 'Analytics',
    inNav: true,
    ...lazyScreen(Analytics),
    // The query code is a chunk the screen shares, so it is not in the entry.
    prefetch: (queryClient) =>
      void import('../features/analytics/api/prefetch')
        .then((module) => module.prefetchAnalytics(queryClient))
        .catch(() => undefined),
  },
  { path: '/documents', title: 'Document Management', inNav: true, ...lazyScreen(Documents) },
  { path: '/data-sync', title: 'Data Sync', inNav: true, ...lazyScreen(DataSync) },
  {
    path: '/data-sync/integrity',
    title: 'Data Integrity',
    inNav: false,
    ...lazyScreen(DataIntegrity),
  },
  {
    path: '/admin/documentation',
    title: 'Admin Documentation',
    inNav: true,
    ...lazyScreen(AdminDocumentation),
  },
  { path: '/admin/audit', title: 'Audit Trail', inNav: true, ...lazyScreen(AuditTrail) },
  { path: '/admin/bulk-upload', title: 'Bulk User Upload', inNav: true, ...lazyScreen(BulkUpload) },
  {
    path: '/admin/patient-portal-activation',
    title: 'Patient Portal Activation',
    inNav: true,
    ...lazyScreen(PortalActivation),
  },
  { path: '/contact', title: 'Contact Support', inNav: true, ...lazyScreen(Contact) },
  { path: '/profile', title: 'My Profile', inNav: true, ...lazyScreen(Profile) },
  {
    path: '/change-password',
    title: 'Change Password',
    inNav: false,
    ...lazyScreen(ChangePassword),
  },
];
