import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ANALYTICS_LIMITS, ZReorderPattern, ZReorderResponse } from '@portal/domain/analytics';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { panelError } from '../lib/fetch-error';

/**
 * A reorder row as the screen reads it: a patient without a date or prediction, or with a
 * status the spec colours grey ('other'), shows 'N/A' in grey instead of failing the panel.
 */
export const ZReorderRow = ZReorderPattern.extend({
  last_order_date: z.string().nullable(),
  predicted_next_order: z.string().nullable(),
  days_until_reorder: z.number().nullable(),
  reorder_status: z.string(),
});
export type TReorderRow = z.infer<typeof ZReorderRow>;

export const ZReorderAnswer = ZReorderResponse.extend({ reorder_patterns: z.array(ZReorderRow) });
export type TReorderAnswer = z.infer<typeof ZReorderAnswer>;

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
      { schema: ZReorderAnswer },
    );
  } catch (error) {
    // A refused answer reads as the spec's message; a network failure keeps its own.
    throw panelError(error, REORDER_FETCH_FAILED);
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
