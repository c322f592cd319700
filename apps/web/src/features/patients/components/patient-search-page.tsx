import { PageHeading } from '../../../components/ui/page-heading';
import type { TStaffUser } from '../hooks/use-payor-scope';
import { PatientBrowser } from './patient-browser';
import { DataFreshnessLine } from './data-freshness-line';

/** /patient-search: the patient browser, patients on the left and orders on the right. */
export const PatientSearchPage = ({ user }: { user: TStaffUser }) => (
  <>
    <PageHeading title="Patient Search" />
    <DataFreshnessLine />
    <PatientBrowser user={user} layout="split" />
  </>
);
