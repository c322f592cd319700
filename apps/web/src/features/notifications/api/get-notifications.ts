import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_LIMITS, ZNotificationListResponse } from '@portal/domain/notifications-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { notificationKeys } from './query-keys';

export type TNotificationListParams = { page: number; unread: boolean };

/** One page of the signed-in user's notifications, newest first; only unread ones if asked. */
export const getNotifications = ({ page, unread }: TNotificationListParams) => {
  const query = new URLSearchParams({
    page: String(page),
    per_page: String(NOTIFICATION_LIMITS.perPage.default),
    ...(unread ? { unread: 'true' } : {}),
  });
  return api.get(`/api/notifications?${query}`, { schema: ZNotificationListResponse });
};

export const getNotificationsQueryOptions = (params: TNotificationListParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: async ({ client }) => {
      const answer = await getNotifications(params);
      // The list counts the unread too: the bell follows it rather than wait for its poll.
      client.setQueryData(notificationKeys.unreadCount, answer.unread_count);
      return answer;
    },
    retry: retryUnlessClientError,
    // New notifications arrive with every sync; a list read a while ago is already behind.
    staleTime: 0,
  });

export const useNotifications = (params: TNotificationListParams) =>
  useQuery({
    ...getNotificationsQueryOptions(params),
    // The pager keeps its page count while the next page loads.
    placeholderData: keepPreviousData,
  });
