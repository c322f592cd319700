import { useState } from 'react';
import { readDashboardLink } from '../lib/dashboard-link';
import type { TOrder, TPatientSummary } from '@portal/domain/patients-api';
import { useFavorites } from '../api/get-favorites';
import { usePatients } from '../api/get-patients';
import { useToggleFavorite } from '../api/toggle-favorite';
import { patientListErrorMessage } from '../lib/list-error';
import { REVEAL_IDS, focusHeading, revealIfBelow } from '../lib/reveal';
import { usePatientFilters } from './use-patient-filters';
import { usePatientOrders } from './use-patient-orders';
import { usePayorScope, type TStaffUser } from './use-payor-scope';

const NO_FAVORITES: ReadonlySet<string> = new Set();

/**
 * The state behind the dashboard and the patient browser: whose patients, which
 * page, which patient and order are chosen, and whose details are open.
 */
export const usePatientBrowser = (user: TStaffUser) => {
  const payorScope = usePayorScope(user);
  const filters = usePatientFilters();
  // Another payor's list starts on its first page.
  const scope = {
    ...payorScope,
    choosePayor: (next: string) => {
      payorScope.choosePayor(next);
      filters.setPage(1);
    },
  };
  const payorKey = scope.payorKey;
  const list = usePatients(
    payorKey === undefined ? undefined : { payorKey, search: filters.search, page: filters.page },
  );
  const favorites = useFavorites(user.id);
  const toggleFavorite = useToggleFavorite(user.id);

  // Choices belong to one payor and one patient; they lapse when those change.
  const [picked, setPicked] = useState<{ payorKey?: string; patient?: TPatientSummary }>({});
  const patient = picked.payorKey === payorKey ? picked.patient : undefined;
  // A dashboard link names a patient: chosen once, when the list first shows them.
  const [linkedKey, setLinkedKey] = useState(() => readDashboardLink().patientKey);
  const linked = list.data?.patients.find((row) => row.patient_key === linkedKey);
  if (linked && payorKey !== undefined) {
    setLinkedKey(undefined);
    setPicked({ payorKey, patient: linked });
  }
  const orders = usePatientOrders(
    payorKey ?? '',
    payorKey === undefined ? undefined : patient?.patient_key,
  );
  const [pickedOrder, setPickedOrder] = useState<{ patientKey?: string; order?: TOrder }>({});
  const pickedForPatient =
    pickedOrder.patientKey === patient?.patient_key ? pickedOrder.order : undefined;
  // The chosen order stays only while the list shows it: a view, sub-status or page
  // that leaves it out clears it once that list has arrived (until then the old list,
  // which holds it, is still on screen).
  const listed =
    pickedForPatient !== undefined &&
    orders.orders.data?.orders.some((row) => row.order_id === pickedForPatient.order_id) === true;
  if (pickedForPatient && !listed && !orders.loading) {
    setPickedOrder({});
  }
  const order = listed ? pickedForPatient : undefined;
  const [detailsFor, setDetailsFor] = useState<TPatientSummary>();

  const loading =
    scope.loading || (payorKey !== undefined && (list.isPending || list.isPlaceholderData));

  return {
    scope,
    filters,
    list,
    /** The list's rows are not this page's yet: placeholders stand in for them. */
    loading,
    error: scope.error ?? (list.isError ? patientListErrorMessage(list.error) : undefined),
    /** Asking again can help a failed list, not a user without a payor. */
    canRetry: scope.error === undefined && list.isError,
    favorites: favorites.data ?? NO_FAVORITES,
    toggleFavorite: (patientKey: string) => toggleFavorite.mutate(patientKey),
    refresh: () => {
      void list.refetch();
      void favorites.refetch();
    },
    patient,
    orders,
    selectPatient: (next: TPatientSummary) => {
      setPicked({ payorKey, patient: next });
      revealIfBelow(REVEAL_IDS.orders);
    },
    order,
    selectOrder: (next: TOrder) => {
      setPickedOrder({ patientKey: patient?.patient_key, order: next });
      focusHeading(REVEAL_IDS.orderDetailTitle);
    },
    detailsFor,
    openDetails: setDetailsFor,
    closeDetails: () => setDetailsFor(undefined),
  };
};
