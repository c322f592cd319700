import { useEffect, useRef, useState } from 'react';
import type { TOrder, TPatientSummary } from '@portal/domain/patients-api';
import { useFavoritePatients } from '../api/get-favorite-patients';
import { useFavorites } from '../api/get-favorites';
import { useOrderLookup } from '../api/get-order-lookup';
import { usePatients } from '../api/get-patients';
import { useToggleFavorite } from '../api/toggle-favorite';
import { patientListErrorMessage } from '../lib/list-error';
import { REVEAL_IDS, focusHeading, revealIfBelow } from '../lib/reveal';
import { useDashboardUrl } from './use-dashboard-url';
import { useLinkedOrder } from './use-linked-order';
import { useLinkedPatient } from './use-linked-patient';
import { usePatientFilters } from './use-patient-filters';
import { usePatientOrders } from './use-patient-orders';
import { usePayorScope, type TStaffUser } from './use-payor-scope';

const NO_FAVORITES: ReadonlySet<string> = new Set();

/**
 * The state behind the dashboard and the patient browser. The address holds the choices
 * (payor, patient, order, view, search: lib/dashboard-link.ts), so a pasted link opens the
 * same screen and Back and Forward move through them; this hook reads them and loads what
 * they name, from the list when it holds them and by key when it does not.
 */
export const usePatientBrowser = (user: TStaffUser) => {
  const url = useDashboardUrl();
  // A link to another payor's patients, opened by payor staff: nothing of it is asked for.
  const denied =
    user.role !== 'admin' && url.payorKey !== undefined && url.payorKey !== user.payor_key;
  // A link to an order names its payor through the order, for an admin who has no payor
  // in the link; payor staff see their own payor whatever a link says.
  const lookup = useOrderLookup(denied ? undefined : url.soNumber);
  const linkedPayor = url.payorKey ?? lookup.data?.payor_key ?? undefined;
  const payorScope = usePayorScope(user, {
    payorKey: linkedPayor,
    onChoose: (payorKey) => url.change({ payor: payorKey, patient: undefined, order: undefined }),
  });
  const filters = usePatientFilters({
    search: url.search,
    onSearchChange: (search) => url.change({ search }, { replace: true }),
  });
  const scope = {
    ...payorScope,
    choosePayor: (next: string) => {
      payorScope.choosePayor(next);
      filters.resetPage();
    },
  };
  const payorKey = scope.payorKey;

  const listParams =
    payorKey === undefined ? undefined : { payorKey, search: filters.search, page: filters.page };
  const all = usePatients(filters.favoritesOnly ? undefined : listParams);
  // All the user's favourites, every page; the search does not narrow them.
  const favoriteList = useFavoritePatients(
    filters.favoritesOnly && payorKey !== undefined ? { payorKey, page: filters.page } : undefined,
  );
  const list = filters.favoritesOnly ? favoriteList : all;
  const favorites = useFavorites(user.id);
  const toggleFavorite = useToggleFavorite(user.id);

  const patientState = useLinkedPatient({
    payorKey: denied ? undefined : payorKey,
    patientKey: url.patientKey ?? (url.soNumber ? lookup.data?.patient.patient_key : undefined),
    listed: list.data?.patients,
    lookup: lookup.data,
  });
  const patient = patientState.patient;
  const orders = usePatientOrders(
    payorKey ?? '',
    payorKey === undefined ? undefined : patient?.patient_key,
    { view: url.view, onViewChange: (view) => url.change({ view }) },
  );
  const orderState = useLinkedOrder({
    soNumber: denied ? undefined : url.soNumber,
    patientKey: patient?.patient_key,
    listed: orders.orders.data?.orders,
    lookup,
  });
  // A search that is an SO or tracking number opens that order at once, once per search.
  const hit = filters.favoritesOnly ? undefined : all.data?.order_hit;
  const hitId = hit && filters.search !== '' ? `${filters.search}|${hit.order_id}` : undefined;
  const linkedOrder = url.soNumber;
  const change = useRef(url.change);
  useEffect(() => {
    change.current = url.change;
  });
  const opened = useRef<string>(undefined);
  // Focus goes to the heading of an order the user opened once it is on screen (a search
  // hit's order arrives after its lookup).
  const focusOn = useRef<string>(undefined);
  useEffect(() => {
    if (!hit || hitId === undefined || opened.current === hitId || hit.so_number === null) {
      return;
    }
    opened.current = hitId;
    if (hit.so_number === linkedOrder) {
      return;
    }
    focusOn.current = hit.so_number;
    // All Orders, so the list beside it holds the order whatever its status.
    change.current({
      payor: payorKey,
      patient: hit.patient_key,
      order: hit.so_number,
      view: 'all',
    });
  }, [hit, hitId, payorKey, linkedOrder]);
  const shown = orderState.order && (orderState.order.so_number ?? orderState.order.order_id);
  useEffect(() => {
    if (shown !== undefined && focusOn.current === shown) {
      focusOn.current = undefined;
      focusHeading(REVEAL_IDS.orderDetailTitle);
    }
  }, [shown]);
  // An order chosen from the list leaves with it: once a view, sub-status or page's list has
  // arrived without it, the address drops it (decisions.md, "Chosen order"). An order the
  // list never held (a link, a search hit) stays.
  const arrived = orders.loading ? undefined : orders.orders.data?.orders;
  const held =
    url.soNumber !== undefined &&
    arrived?.some((row) => (row.so_number ?? row.order_id) === url.soNumber) === true;
  const seenInList = useRef<string>(undefined);
  useEffect(() => {
    if (url.soNumber === undefined || arrived === undefined) {
      return;
    }
    if (held) {
      seenInList.current = url.soNumber;
    } else if (seenInList.current === url.soNumber) {
      seenInList.current = undefined;
      change.current({ order: undefined }, { replace: true });
    }
  }, [url.soNumber, arrived, held]);
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
    /** The link names another payor's patients. */
    denied,
    patient,
    /** Loading or failing to load the patient the address names. */
    patientState,
    orders,
    selectPatient: (next: TPatientSummary) => {
      patientState.remember(next);
      url.change({ payor: payorKey, patient: next.patient_key, order: undefined });
      revealIfBelow(REVEAL_IDS.orders);
    },
    order: orderState.order,
    /** Loading or failing to load the order the address names. */
    orderState,
    selectOrder: (next: TOrder) => {
      orderState.remember(next);
      focusOn.current = next.so_number ?? next.order_id;
      url.change({
        payor: payorKey,
        patient: patient?.patient_key,
        order: next.so_number ?? next.order_id,
      });
      // The same order again: it is on screen already.
      focusHeading(REVEAL_IDS.orderDetailTitle);
    },
    detailsFor,
    openDetails: setDetailsFor,
    closeDetails: () => setDetailsFor(undefined),
  };
};
