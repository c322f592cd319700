import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSyncGroupsResponse } from '@portal/domain/data-sync-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { POLL_MS, dataSyncKeys } from './query-keys';

export const getSyncGroups = () =>
  api.get('/api/data-sync/sync-groups', { schema: ZSyncGroupsResponse });

export const getSyncGroupsQueryOptions = () =>
  queryOptions({
    queryKey: dataSyncKeys.groups,
    queryFn: getSyncGroups,
    retry: retryUnlessClientError,
    // Another operator may fix a group's mappings meanwhile.
    staleTime: 0,
    // Each card shows its group's run: every 3 s while one runs, else at history's pace
    // (a run the scheduler or a colleague starts shows up within 30 s).
    refetchInterval: (query) =>
      query.state.data?.groups.some((group) => group.last_job?.status === 'running')
        ? POLL_MS.job
        : POLL_MS.history,
  });

export const useSyncGroups = () => useQuery(getSyncGroupsQueryOptions());
