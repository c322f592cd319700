import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZJobResponse } from '@portal/domain/data-sync-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { POLL_MS, dataSyncKeys } from './query-keys';

export const getJob = (id: string) =>
  api.get(`/api/data-sync/jobs/${encodeURIComponent(id)}`, { schema: ZJobResponse });

/** A job with its logs and children, asked again every 3 s while it runs (when `poll`). */
export const getJobQueryOptions = (id: string, poll = true) =>
  queryOptions({
    queryKey: dataSyncKeys.job(id),
    queryFn: () => getJob(id),
    retry: retryUnlessClientError,
    staleTime: 0,
    refetchInterval: (query) =>
      poll && query.state.data?.data.status === 'running' ? POLL_MS.job : false,
  });

export const useJob = (id: string | undefined, poll = true) =>
  useQuery({ ...getJobQueryOptions(id ?? '', poll), enabled: id !== undefined });
