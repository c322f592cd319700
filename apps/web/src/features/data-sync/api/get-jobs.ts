import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZJobsResponse } from '@portal/domain/data-sync-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { POLL_MS, dataSyncKeys } from './query-keys';

export const JOB_HISTORY_PAGE_SIZE = 20;

type TJobsParams = { page: number; status?: 'running' };

export const getJobs = ({ page, status }: TJobsParams) => {
  const params = new URLSearchParams({
    page: String(page),
    per_page: String(JOB_HISTORY_PAGE_SIZE),
    top_level: 'true',
    ...(status ? { status } : {}),
  });
  return api.get(`/api/data-sync/jobs?${params.toString()}`, { schema: ZJobsResponse });
};

/** Job history: top-level jobs newest first, refreshed every 30 s. */
export const getJobsQueryOptions = (params: TJobsParams) =>
  queryOptions({
    queryKey: [...dataSyncKeys.jobs, params],
    queryFn: () => getJobs(params),
    retry: retryUnlessClientError,
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: params.status ? false : POLL_MS.history,
  });

export const useJobs = (params: TJobsParams) => useQuery(getJobsQueryOptions(params));
