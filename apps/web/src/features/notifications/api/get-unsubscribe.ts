import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUnsubscribeResponse } from '@portal/domain/notifications-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { notificationKeys } from './query-keys';

/**
 * What a mail's unsubscribe link would turn off, changing nothing: mail scanners open links,
 * so only the POST unsubscribes. Sent without credentials: the token is the only authority.
 */
export const getUnsubscribe = (token: string) =>
  api.get(`/api/notifications/unsubscribe?${new URLSearchParams({ token })}`, {
    credentials: 'omit',
    schema: ZUnsubscribeResponse,
  });

export const getUnsubscribeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: () => getUnsubscribe(token),
    retry: retryUnlessClientError,
  });

export const useUnsubscribeInfo = (token: string) => useQuery(getUnsubscribeQueryOptions(token));
