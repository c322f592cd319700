import type { QueryClient } from '@tanstack/react-query';
import type { TAuthUser } from '@portal/domain/auth-api';
import { getFavoritesQueryOptions } from '../features/patients/api/get-favorites';
import { getOrdersQueryOptions } from '../features/patients/api/get-orders';
import { getPatientsQueryOptions } from '../features/patients/api/get-patients';
import { getPayorsQueryOptions } from '../features/patients/api/get-payors';

// A failed prefetch is the screen's to show: its own query reports the error and retries.
const ignore = () => undefined;

/**
 * /dashboard's first queries, started as soon as the route is matched and the user is
 * known, so they travel in parallel with the route's chunk instead of after it. The keys
 * are the ones the screens ask for on their first render (page 1, no search, all orders).
 */
export const prefetchDashboard = (queryClient: QueryClient, user: TAuthUser) => {
  if (user.role === 'patient') {
    if (user.payor_key && user.patient_key) {
      void queryClient
        .query(
          getOrdersQueryOptions({
            payorKey: user.payor_key,
            patientKey: user.patient_key,
            page: 1,
            view: 'all',
            subStatus: '',
          }),
        )
        .catch(ignore);
    }
    return;
  }
  if (user.role === 'admin') {
    void queryClient.query(getPayorsQueryOptions()).catch(ignore);
  }
  if (user.payor_key) {
    void queryClient
      .query(getPatientsQueryOptions({ payorKey: user.payor_key, search: '', page: 1 }))
      .catch(ignore);
  }
  void queryClient.query(getFavoritesQueryOptions(user.id)).catch(ignore);
};
