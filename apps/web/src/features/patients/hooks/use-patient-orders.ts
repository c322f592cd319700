import { useMemo, useState } from 'react';
import type { TOrderViewCounts } from '@portal/domain/patients-api';
import { useOrders } from '../api/get-orders';
import { useDebouncedValue } from './use-debounced-value';
import { useOrderDates } from './use-order-dates';
import { useOrderFilter, type TLinkedView } from './use-order-filter';

/** Order fetches wait this long after the patient, view, sub-status, dates or page changed. */
export const ORDER_FETCH_DEBOUNCE_MS = 300;

const NO_CATEGORIES: ReadonlySet<string> = new Set();

/**
 * A patient's orders in the chosen view, dates and categories: the page starts at 1 for
 * each patient, view, range and set of categories, and the request waits 300 ms so clicking
 * through patients stays cheap. The view may come from the dashboard's address.
 */
export const usePatientOrders = (
  payorKey: string,
  patientKey: string | undefined,
  linkedView?: TLinkedView,
) => {
  const filter = useOrderFilter(linkedView);
  const dateFilter = useOrderDates();
  const { dates } = dateFilter;
  const [categories, setCategories] = useState<ReadonlySet<string>>(NO_CATEGORIES);
  const categoryKeys = useMemo(() => [...categories].sort(), [categories]);
  const [paging, setPaging] = useState({ scope: '', page: 1 });
  const scope = [
    payorKey,
    patientKey ?? '',
    filter.view,
    filter.subStatus,
    dates.type,
    dates.startDate,
    dates.endDate,
    categoryKeys.join(','),
  ].join('|');
  const page = paging.scope === scope ? paging.page : 1;

  const params = useMemo(
    () =>
      patientKey === undefined
        ? undefined
        : {
            payorKey,
            patientKey,
            page,
            view: filter.view,
            subStatus: filter.subStatus,
            dates,
            categories: categoryKeys,
          },
    [payorKey, patientKey, page, filter.view, filter.subStatus, dates, categoryKeys],
  );
  const debounced = useDebouncedValue(params, ORDER_FETCH_DEBOUNCE_MS);
  const orders = useOrders(debounced);
  const settling = debounced !== params;
  const loading = settling || orders.isPending || orders.isPlaceholderData;

  // The view buttons keep this patient's counts while another view or page loads, and
  // show none of the previous patient's.
  const patientScope = `${payorKey}|${patientKey ?? ''}`;
  const [known, setKnown] = useState<{ scope: string; counts: TOrderViewCounts }>();
  const fresh = loading ? undefined : orders.data?.view_counts;
  if (
    fresh &&
    patientKey !== undefined &&
    (known?.scope !== patientScope || known.counts !== fresh)
  ) {
    setKnown({ scope: patientScope, counts: fresh });
  }

  return {
    filter,
    dateFilter,
    /** The Order Categories filter's chosen classification keys. */
    categories,
    setCategories,
    page,
    setPage: (next: number) => setPaging({ scope, page: next }),
    orders,
    /** Waiting for the debounce or the server: the shown page is not this one's yet. */
    loading,
    /** Each view's count for this patient, once known. */
    viewCounts: known?.scope === patientScope ? known.counts : undefined,
  };
};

export type TPatientOrders = ReturnType<typeof usePatientOrders>;
