import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderLookupResponse } from '@portal/domain/order-lookup-api';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY, retryUnlessClientError } from '../../../lib/query-client';
import { segment } from './query-keys';

/**
 * One order by its SO number, with its patient, payor and status history: what the
 * staff order detail, a pasted /dashboard?order=… link and a worklist row open. The
 * server answers 404 'Order not found' for an order outside the user's payor scope.
 */
export const getOrderLookup = (soNumber: string) =>
  api.get<TOrderLookupResponse>(`/api/patients/orders/${segment(soNumber)}`);

export const getOrderLookupQueryOptions = (soNumber: string) =>
  queryOptions({
    queryKey: [PATIENTS_ROOT_KEY, 'order-lookup', soNumber],
    queryFn: () => getOrderLookup(soNumber),
    retry: retryUnlessClientError,
  });

export const useOrderLookup = (soNumber: string | null | undefined) =>
  useQuery({
    ...getOrderLookupQueryOptions(soNumber ?? ''),
    enabled: Boolean(soNumber),
  });
