import { OrderDocumentsSlot } from '../components/slots/order-documents-slot';
import { orderDocuments } from './order-documents-slot';
import { useCheckAuth } from '../features/auth/api/check-auth';
import { IntakePage } from '../features/patients/components/intake-page';
import { PatientSearchPage } from '../features/patients/components/patient-search-page';

/** /patient-search with the session's user handed in (features do not read each other). */
export const PatientSearchRoute = () => {
  const user = useCheckAuth().data?.user;
  return user ? (
    <OrderDocumentsSlot.Provider value={orderDocuments}>
      <PatientSearchPage user={user} />
    </OrderDocumentsSlot.Provider>
  ) : null;
};

/** /intake with the session's user handed in. */
export const IntakeRoute = () => {
  const user = useCheckAuth().data?.user;
  return user ? <IntakePage user={user} /> : null;
};
