import type { ReactNode } from 'react';
import type { TAppPath } from '@portal/domain/routes';
import { PageHeading } from '../components/ui/page-heading';
import { ChangePasswordPage } from '../features/auth/components/change-password-page';
import { DashboardRoute } from './dashboard-route';
import { IntakeRoute, PatientSearchRoute } from './staff-routes';

export type TAppPage = {
  path: TAppPath;
  title: string;
  /** Listed in the main navigation (for the roles that may open it). */
  inNav: boolean;
  element: ReactNode;
};

/** A screen a later issue fills in; until then the route exists with its title. */
const titled = (title: string) => <PageHeading title={title} />;

/** The signed-in screens of the route table; who may open each comes from ROUTE_ACCESS. */
export const APP_PAGES: readonly TAppPage[] = [
  { path: '/dashboard', title: 'Dashboard', inNav: true, element: <DashboardRoute /> },
  {
    path: '/patient-search',
    title: 'Patient Search',
    inNav: true,
    element: <PatientSearchRoute />,
  },
  { path: '/intake', title: 'Intake', inNav: true, element: <IntakeRoute /> },
  { path: '/analytics', title: 'Analytics', inNav: true, element: titled('Analytics') },
  {
    path: '/documents',
    title: 'Document Management',
    inNav: true,
    element: titled('Document Management'),
  },
  { path: '/data-sync', title: 'Data Sync', inNav: true, element: titled('Data Sync') },
  {
    path: '/admin/documentation',
    title: 'Admin Documentation',
    inNav: true,
    element: titled('Admin Documentation'),
  },
  {
    path: '/admin/bulk-upload',
    title: 'Bulk User Upload',
    inNav: true,
    element: titled('Bulk User Upload'),
  },
  {
    path: '/admin/patient-portal-activation',
    title: 'Patient Portal Activation',
    inNav: true,
    element: titled('Patient Portal Activation'),
  },
  { path: '/contact', title: 'Contact Support', inNav: true, element: titled('Contact Support') },
  { path: '/profile', title: 'My Profile', inNav: true, element: titled('My Profile') },
  {
    path: '/change-password',
    title: 'Change Password',
    inNav: false,
    element: <ChangePasswordPage />,
  },
];
