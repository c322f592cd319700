import { OrderDocumentsSlot } from '../components/slots/order-documents-slot';
import { orderDocumentsFor } from './order-documents-slot';
import { useCheckAuth } from '../features/auth/api/check-auth';
import { WorklistPage } from '../features/patients/worklist/components/worklist-page';

/** /worklist with the session's user handed in, and the order detail's documents filled in. */
export const WorklistRoute = () => {
  const user = useCheckAuth().data?.user;
  return user ? (
    <OrderDocumentsSlot.Provider value={orderDocumentsFor(user.role)}>
      <WorklistPage user={user} />
    </OrderDocumentsSlot.Provider>
  ) : null;
};
