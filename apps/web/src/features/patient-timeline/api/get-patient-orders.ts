import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, ZOrderListResponse } from '@portal/domain/patients-api';
import { api } from '../../../lib/api-client';

export type TPatientOrdersInput = {
  payorKey: string;
  patientKey: string;
  page: number;
  perPage?: number;
};

export const getPatientOrders = ({
  payorKey,
  patientKey,
  page,
  perPage = PAGE_SIZES.orders,
}: TPatientOrdersInput) => {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  const path = `/api/patients/payor/${encodeURIComponent(payorKey)}/patient/${encodeURIComponent(patientKey)}/orders`;
  return api.get(`${path}?${query.toString()}`, { schema: ZOrderListResponse });
};

/** Under the root key 'patients', so a change of classification filters drops it too. */
export const getPatientOrdersQueryOptions = (input: TPatientOrdersInput) =>
  queryOptions({
    queryKey: [
      'patients',
      'timeline',
      input.payorKey,
      input.patientKey,
      'orders',
      { page: input.page, perPage: input.perPage ?? PAGE_SIZES.orders },
    ],
    queryFn: () => getPatientOrders(input),
  });

/** One page of the patient's own orders; the previous page stays on screen while paging. */
export const usePatientOrders = (input: TPatientOrdersInput) =>
  useQuery({ ...getPatientOrdersQueryOptions(input), placeholderData: keepPreviousData });
