import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZStatusDurationResponse } from '@portal/domain/analytics';
import { ApiError, api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

export const STATUS_DURATION_FETCH_FAILED = 'Failed to fetch status duration data';

/** Average days per status for the status-duration panel. */
export const getStatusDuration = async (days: number) => {
  try {
    return await api.get(`/api/analytics/status-duration?days=${days}`, {
      schema: ZStatusDurationResponse,
    });
  } catch (error) {
    throw error instanceof ApiError && error.status !== 401
      ? new ApiError(error.status, STATUS_DURATION_FETCH_FAILED)
      : error;
  }
};

export const getStatusDurationQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['analytics', 'status-duration', days],
    queryFn: () => getStatusDuration(days),
    retry: retryUnlessClientError,
  });

export const useStatusDuration = (days: number) => useQuery(getStatusDurationQueryOptions(days));
