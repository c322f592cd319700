import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDataFreshnessResponse } from '@portal/domain/data-freshness';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

/** When the orders data was last synced, and whether that is late (no patient data). */
export const getDataFreshness = () => api.get<TDataFreshnessResponse>('/api/data-freshness');

export const getDataFreshnessQueryOptions = () =>
  queryOptions({
    queryKey: ['data-freshness'],
    queryFn: getDataFreshness,
    retry: retryUnlessClientError,
    // A screen left open learns of the next sync, or that it is late, within minutes.
    refetchInterval: 5 * 60_000,
  });

export const useDataFreshness = () => useQuery(getDataFreshnessQueryOptions());
