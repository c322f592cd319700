import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZJobLogsResponse } from '@portal/domain/data-sync-api';
import type { TSyncLogLevel } from '@portal/domain/sync-job';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { POLL_MS, dataSyncKeys } from './query-keys';

export type TLogLevelFilter = TSyncLogLevel | 'all';

export const getJobLogs = (id: string, level: TLogLevelFilter) =>
  api.get(
    `/api/data-sync/jobs/${encodeURIComponent(id)}/logs${level === 'all' ? '' : `?level=${level}`}`,
    { schema: ZJobLogsResponse },
  );

/** The log table of Job Details; `autoRefresh` asks again every 3 s. */
export const getJobLogsQueryOptions = (id: string, level: TLogLevelFilter, autoRefresh: boolean) =>
  queryOptions({
    queryKey: dataSyncKeys.logs(id, level),
    queryFn: () => getJobLogs(id, level),
    retry: retryUnlessClientError,
    staleTime: 0,
    refetchInterval: autoRefresh ? POLL_MS.job : false,
  });

export const useJobLogs = (id: string, level: TLogLevelFilter, autoRefresh: boolean) =>
  useQuery(getJobLogsQueryOptions(id, level, autoRefresh));
