import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSchedulesResponse } from '@portal/domain/data-sync-schedule-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { POLL_MS, dataSyncKeys } from './query-keys';

export const getSchedules = () =>
  api.get('/api/data-sync/schedules', { schema: ZSchedulesResponse });

/** Refreshed with the scheduler's status, so next and last runs move as it runs them. */
export const getSchedulesQueryOptions = () =>
  queryOptions({
    queryKey: dataSyncKeys.schedules,
    queryFn: getSchedules,
    retry: retryUnlessClientError,
    staleTime: 0,
    refetchInterval: POLL_MS.scheduler,
  });

export const useSchedules = () => useQuery(getSchedulesQueryOptions());
