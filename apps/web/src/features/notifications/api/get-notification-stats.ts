import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZNotificationStatsResponse } from '@portal/domain/notifications-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { notificationKeys } from './query-keys';

/** Per day of the last `days`: notifications created, mails sent, failed and bounced. */
export const getNotificationStats = (days: number) =>
  api.get(`/api/admin/notifications/stats?${new URLSearchParams({ days: String(days) })}`, {
    schema: ZNotificationStatsResponse,
  });

export const getNotificationStatsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: notificationKeys.stats(days),
    queryFn: () => getNotificationStats(days),
    retry: retryUnlessClientError,
  });

export const useNotificationStats = (days: number) =>
  useQuery({ ...getNotificationStatsQueryOptions(days), placeholderData: keepPreviousData });
