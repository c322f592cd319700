import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSyncGroupsResponse } from '@portal/domain/data-sync-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { dataSyncKeys } from './query-keys';

export const getSyncGroups = () =>
  api.get('/api/data-sync/sync-groups', { schema: ZSyncGroupsResponse });

export const getSyncGroupsQueryOptions = () =>
  queryOptions({
    queryKey: dataSyncKeys.groups,
    queryFn: getSyncGroups,
    retry: retryUnlessClientError,
    // Another operator may fix a group's mappings meanwhile.
    staleTime: 0,
  });

export const useSyncGroups = () => useQuery(getSyncGroupsQueryOptions());
