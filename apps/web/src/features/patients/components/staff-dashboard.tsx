import { PageHeading } from '../../../components/ui/page-heading';
import type { TStaffUser } from '../hooks/use-payor-scope';
import { PatientBrowser } from './patient-browser';
import { DataFreshnessLine } from './data-freshness-line';

/**
 * /dashboard for staff: its sections, 'Patient Search', the patient list, orders and the
 * order detail (core.md section 2), every choice in the address.
 */
export const StaffDashboard = ({ user }: { user: TStaffUser }) => (
  <>
    <PageHeading title="Dashboard" />
    <DataFreshnessLine />
    <PatientBrowser user={user} />
  </>
);
