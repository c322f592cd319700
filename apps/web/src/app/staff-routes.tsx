import { useCheckAuth } from '../features/auth/api/check-auth';
import { IntakePage } from '../features/patients/components/intake-page';
import { PatientSearchPage } from '../features/patients/components/patient-search-page';

/** /patient-search with the session's user handed in (features do not read each other). */
export const PatientSearchRoute = () => {
  const user = useCheckAuth().data?.user;
  return user ? <PatientSearchPage user={user} /> : null;
};

/** /intake with the session's user handed in. */
export const IntakeRoute = () => {
  const user = useCheckAuth().data?.user;
  return user ? <IntakePage user={user} /> : null;
};
