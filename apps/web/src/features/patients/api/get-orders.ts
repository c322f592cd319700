import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderDateType } from '@portal/domain/order-dates';
import type { TOrderPhase, TOrderView } from '@portal/domain/order-progress';
import { PAGE_SIZES } from '@portal/domain/patients-rules';
import type { ZOrderListResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY, retryUnlessClientError } from '../../../lib/query-client';
import { queryString, segment } from './query-keys';

export type TOrderListParams = {
  payorKey: string;
  patientKey: string;
  page: number;
  perPage?: number;
  view: TOrderView;
  /** Empty for the whole view. */
  subStatus: string;
  /** A range of created or delivered dates, each end 'YYYY-MM-DD' or empty (open). */
  dates?: { type: TOrderDateType; startDate: string; endDate: string } | undefined;
  /** Active or past orders only; both when absent. */
  phase?: TOrderPhase | undefined;
  /** The Order Categories filter: only these classifications' orders; all when empty. */
  categories?: readonly string[] | undefined;
};

/**
 * One page of a patient's orders in one view; the server filters by view, sub-status,
 * date range, phase and categories.
 */
export const getOrders = ({
  payorKey,
  patientKey,
  page,
  perPage = PAGE_SIZES.orders,
  view,
  subStatus,
  dates,
  phase,
  categories,
}: TOrderListParams) => {
  const ranged = dates !== undefined && (dates.startDate !== '' || dates.endDate !== '');
  return api.get<z.output<typeof ZOrderListResponse>>(
    `/api/patients/payor/${segment(payorKey)}/patient/${segment(patientKey)}/orders${queryString({
      page,
      per_page: perPage,
      view,
      sub_status: subStatus,
      date_type: ranged ? dates.type : undefined,
      start_date: dates?.startDate,
      end_date: dates?.endDate,
      phase,
      categories: categories?.join(','),
    })}`,
  );
};

export const getOrdersQueryOptions = (params: TOrderListParams) => {
  const key = { ...params, perPage: params.perPage ?? PAGE_SIZES.orders };
  return queryOptions({
    queryKey: [PATIENTS_ROOT_KEY, 'orders', key],
    queryFn: () => getOrders(key),
    retry: retryUnlessClientError,
  });
};

export const useOrders = (params: TOrderListParams | undefined) =>
  useQuery({
    ...getOrdersQueryOptions(
      params ?? { payorKey: '', patientKey: '', page: 1, view: 'all', subStatus: '' },
    ),
    enabled: params !== undefined,
    // The pager keeps its page count while the next page loads behind placeholder rows.
    placeholderData: keepPreviousData,
  });
