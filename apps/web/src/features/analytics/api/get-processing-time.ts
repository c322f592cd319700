import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZProcessingTimeResponse } from '@portal/domain/analytics';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

/** Processing time by status and category, orders created in the last `days` days. */
export const getProcessingTime = (days: number) =>
  api.get(`/api/analytics/processing-time?days=${days}`, { schema: ZProcessingTimeResponse });

export const getProcessingTimeQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['analytics', 'processing-time', days],
    queryFn: () => getProcessingTime(days),
    retry: retryUnlessClientError,
  });

export const useProcessingTime = (days: number) => useQuery(getProcessingTimeQueryOptions(days));
