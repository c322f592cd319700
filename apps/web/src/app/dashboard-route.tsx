import { OrderDocumentsSlot } from '../components/slots/order-documents-slot';
import { orderDocumentsFor } from './order-documents-slot';
import { useCheckAuth } from '../features/auth/api/check-auth';
import { PatientTimeline } from '../features/patients/components/patient-timeline';
import { StaffDashboard } from '../features/patients/components/staff-dashboard';

/** /dashboard: a patient follows their own orders; staff browse their payor's patients. */
export const DashboardRoute = () => {
  const { data } = useCheckAuth();
  const user = data?.user;
  if (!user) {
    return null;
  }
  if (user.role === 'patient') {
    return <PatientTimeline payorKey={user.payor_key} patientKey={user.patient_key} />;
  }
  return (
    <OrderDocumentsSlot.Provider value={orderDocumentsFor(user.role)}>
      <StaffDashboard user={user} />
    </OrderDocumentsSlot.Provider>
  );
};
