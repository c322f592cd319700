import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSchedulerStatus } from '@portal/domain/data-sync-schedule-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { POLL_MS, dataSyncKeys } from './query-keys';

/** The console never starts the scheduler by looking at it (auto_start=false). */
export const getSchedulerStatus = () =>
  api.get('/api/data-sync/scheduler/status?auto_start=false', { schema: ZSchedulerStatus });

export const getSchedulerStatusQueryOptions = () =>
  queryOptions({
    queryKey: dataSyncKeys.scheduler,
    queryFn: getSchedulerStatus,
    retry: retryUnlessClientError,
    staleTime: 0,
    refetchInterval: POLL_MS.scheduler,
  });

export const useSchedulerStatus = () => useQuery(getSchedulerStatusQueryOptions());
