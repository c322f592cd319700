import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZStatusDurationResponse } from '@portal/domain/analytics';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { panelError } from '../lib/fetch-error';

export const STATUS_DURATION_FETCH_FAILED = 'Failed to fetch status duration data';

/** Average days per status for the status-duration panel. */
export const getStatusDuration = async (days: number) => {
  try {
    return await api.get(`/api/analytics/status-duration?days=${days}`, {
      schema: ZStatusDurationResponse,
    });
  } catch (error) {
    // A refused answer reads as the spec's message; a network failure keeps its own.
    throw panelError(error, STATUS_DURATION_FETCH_FAILED);
  }
};

export const getStatusDurationQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['analytics', 'status-duration', days],
    queryFn: () => getStatusDuration(days),
    retry: retryUnlessClientError,
  });

export const useStatusDuration = (days: number) => useQuery(getStatusDurationQueryOptions(days));
