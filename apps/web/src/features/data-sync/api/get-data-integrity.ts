import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZIntegrityResponse } from '@portal/domain/data-sync-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { dataSyncKeys } from './query-keys';

/** Computed by the server at the time of asking: counts and checksums of every table. */
export const getDataIntegrity = (groupId: string) =>
  api.get(`/api/data-sync/data-integrity?group_id=${encodeURIComponent(groupId)}`, {
    schema: ZIntegrityResponse,
  });

export const getDataIntegrityQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: dataSyncKeys.integrity(groupId),
    queryFn: () => getDataIntegrity(groupId),
    retry: retryUnlessClientError,
    staleTime: 0,
  });

export const useDataIntegrity = (groupId: string) =>
  useQuery({ ...getDataIntegrityQueryOptions(groupId), enabled: groupId !== '' });
