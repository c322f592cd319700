import { PageHeading } from '../../../components/ui/page-heading';
import type { TStaffUser } from '../hooks/use-payor-scope';
import { PatientBrowser } from './patient-browser';
import { DataFreshnessLine } from './data-freshness-line';

/** /dashboard for staff: patient search, the patient list, orders and order details. */
export const StaffDashboard = ({ user }: { user: TStaffUser }) => (
  <>
    <PageHeading title="Dashboard" />
    <DataFreshnessLine />
    <PatientBrowser user={user} layout="stacked" />
  </>
);
