import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_LIMITS, ZReorderResponse } from '@portal/domain/analytics';
import { ApiError, api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

export const REORDER_FETCH_FAILED = 'Failed to fetch reorder pattern data';

/** A slice of the reorder list, most urgent first; the summary always covers everyone. */
export type TReorderSlice = { limit: number; offset: number };

/** The schedule's first page (20 rows): the cards, categories and first attention rows read it. */
export const FIRST_REORDER_PAGE: TReorderSlice = {
  limit: ANALYTICS_LIMITS.scheduleRows,
  offset: 0,
};

/** The reorder window the spec fixes: 180 days, at least 2 orders. */
export const getReorderPatterns = async (slice: TReorderSlice = FIRST_REORDER_PAGE) => {
  try {
    return await api.get(
      `/api/analytics/reorder-patterns?days=${ANALYTICS_LIMITS.defaultReorderDays}&min_orders=${ANALYTICS_LIMITS.defaultMinOrders}&limit=${slice.limit}&offset=${slice.offset}`,
      { schema: ZReorderResponse },
    );
  } catch (error) {
    // A refused answer reads as the spec's message; a network failure keeps its own.
    throw error instanceof ApiError && error.status !== 401
      ? new ApiError(error.status, REORDER_FETCH_FAILED)
      : error;
  }
};

export const getReorderPatternsQueryOptions = (slice: TReorderSlice = FIRST_REORDER_PAGE) =>
  queryOptions({
    queryKey: ['analytics', 'reorder-patterns', slice.limit, slice.offset],
    queryFn: () => getReorderPatterns(slice),
    retry: retryUnlessClientError,
  });

/** One slice; while the next page loads, the last one stays on screen. */
export const useReorderPatterns = (
  slice: TReorderSlice = FIRST_REORDER_PAGE,
  { enabled = true }: { enabled?: boolean } = {},
) =>
  useQuery({
    ...getReorderPatternsQueryOptions(slice),
    placeholderData: keepPreviousData,
    enabled,
  });
