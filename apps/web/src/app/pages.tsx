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
import { SCREEN_MODULES } from './page-modules';

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
const Dashboard = lazyComponent(SCREEN_MODULES['/dashboard'], (module) => module.DashboardRoute);
const PatientSearch = lazyComponent(
  SCREEN_MODULES['/patient-search'],
  (module) => module.PatientSearchRoute,
);
const Intake = lazyComponent(SCREEN_MODULES['/intake'], (module) => module.IntakeRoute);
const Worklist = lazyComponent(SCREEN_MODULES['/worklist'], (module) => module.WorklistRoute);
const AuditTrail = lazyComponent(SCREEN_MODULES['/admin/audit'], (module) => module.AuditPage);
// The TipTap editor inside it is split off again and loads when a form first opens.
const AdminDocumentation = lazyComponent(
  SCREEN_MODULES['/admin/documentation'],
  (module) => module.AdminDocsPage,
);
const ChangePassword = lazyComponent(
  SCREEN_MODULES['/change-password'],
  (module) => module.ChangePasswordPage,
);

const Notifications = lazyComponent(
  SCREEN_MODULES['/notifications'],
  (module) => module.NotificationsPage,
);
const NotificationStats = lazyComponent(
  SCREEN_MODULES['/admin/notifications'],
  (module) => module.NotificationStatsPage,
);
const SignInSecurity = lazyComponent(
  SCREEN_MODULES['/admin/security'],
  (module) => module.MfaAdminPage,
);

const SecuritySetup = lazyComponent(
  SCREEN_MODULES['/security-setup'],
  (module) => module.SecuritySetupPage,
);

const Contact = lazyComponent(SCREEN_MODULES['/contact'], (module) => module.ContactRoute);
const Profile = lazyComponent(SCREEN_MODULES['/profile'], (module) => module.ProfileRoute);

const DataSync = lazyComponent(SCREEN_MODULES['/data-sync'], (module) => module.DataSyncRoute);
const DataIntegrity = lazyComponent(
  SCREEN_MODULES['/data-sync/integrity'],
  (module) => module.IntegrityPage,
);

const Documents = lazyComponent(SCREEN_MODULES['/documents'], (module) => module.DocumentsRoute);

const BulkUpload = lazyComponent(
  SCREEN_MODULES['/admin/bulk-upload'],
  (module) => module.BulkUploadPage,
);
const PortalActivation = lazyComponent(
  SCREEN_MODULES['/admin/patient-portal-activation'],
  (module) => module.PortalActivationPage,
);

// Recharts comes with this chunk only: the entry bundle does not carry it.
const Analytics = lazyComponent(SCREEN_MODULES['/analytics'], (module) => module.AnalyticsPage);

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
  // Every order of the payor in one list: beyond the spec (docs/decisions.md, "Worklist").
  { path: '/worklist', title: 'Worklist', inNav: true, ...lazyScreen(Worklist) },
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
  {
    path: '/admin/notifications',
    title: 'Notification Statistics',
    inNav: true,
    ...lazyScreen(NotificationStats),
  },
  {
    path: '/admin/security',
    title: 'Sign-in Security',
    inNav: true,
    ...lazyScreen(SignInSecurity),
  },
  { path: '/admin/bulk-upload', title: 'Bulk User Upload', inNav: true, ...lazyScreen(BulkUpload) },
  {
    path: '/admin/patient-portal-activation',
    title: 'Patient Portal Activation',
    inNav: true,
    ...lazyScreen(PortalActivation),
  },
  { path: '/contact', title: 'Contact Support', inNav: true, ...lazyScreen(Contact) },
  { path: '/profile', title: 'My Profile', inNav: true, ...lazyScreen(Profile) },
  // Reached from the header's bell, on every screen and for every role.
  { path: '/notifications', title: 'Notifications', inNav: false, ...lazyScreen(Notifications) },
  {
    path: '/security-setup',
    title: 'Set up two-step verification',
    inNav: false,
    ...lazyScreen(SecuritySetup),
  },
  {
    path: '/change-password',
    title: 'Change Password',
    inNav: false,
    ...lazyScreen(ChangePassword),
  },
];
