import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZSamplesResponse } from '@portal/domain/data-sync-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { dataSyncKeys } from './query-keys';

export const getJobSamples = (id: string, search: string) =>
  api.get(
    `/api/data-sync/jobs/${encodeURIComponent(id)}/samples${
      search ? `?search=${encodeURIComponent(search)}` : ''
    }`,
    { schema: ZSamplesResponse },
  );

/** Source and destination rows of a finished mapping job; patient rows, so never kept long. */
export const getJobSamplesQueryOptions = (id: string, search: string) =>
  queryOptions({
    queryKey: dataSyncKeys.samples(id, search),
    queryFn: () => getJobSamples(id, search),
    retry: retryUnlessClientError,
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });

export const useJobSamples = (id: string, search: string) =>
  useQuery(getJobSamplesQueryOptions(id, search));
