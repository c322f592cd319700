import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_LIMITS, ZReorderResponse } from '@portal/domain/analytics';
import { ApiError, api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

export const REORDER_FETCH_FAILED = 'Failed to fetch reorder pattern data';

/** The reorder window the spec fixes: 180 days, at least 2 orders. */
export const getReorderPatterns = async () => {
  try {
    return await api.get(
      `/api/analytics/reorder-patterns?days=${ANALYTICS_LIMITS.defaultReorderDays}&min_orders=${ANALYTICS_LIMITS.defaultMinOrders}`,
      { schema: ZReorderResponse },
    );
  } catch (error) {
    // A refused answer reads as the spec's message; a network failure keeps its own.
    throw error instanceof ApiError && error.status !== 401
      ? new ApiError(error.status, REORDER_FETCH_FAILED)
      : error;
  }
};

export const getReorderPatternsQueryOptions = () =>
  queryOptions({
    queryKey: ['analytics', 'reorder-patterns'],
    queryFn: getReorderPatterns,
    retry: retryUnlessClientError,
  });

export const useReorderPatterns = () => useQuery(getReorderPatternsQueryOptions());
