import { PageHeading } from '../../../components/ui/page-heading';
import type { TStaffUser } from '../hooks/use-payor-scope';
import { PatientBrowser } from './patient-browser';
import { DataFreshnessLine } from './data-freshness-line';

/**
 * /patient-search: the patient browser under one heading, 'Patient Search', the search box
 * without a second one (docs/decisions.md, "/patient-search and /dashboard").
 */
export const PatientSearchPage = ({ user }: { user: TStaffUser }) => (
  <>
    <PageHeading title="Patient Search" />
    <DataFreshnessLine />
    <PatientBrowser user={user} titledSearch={false} />
  </>
);
