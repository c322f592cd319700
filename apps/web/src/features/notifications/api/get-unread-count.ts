import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZUnreadCountResponse } from '@portal/domain/notifications-api';
import type { z } from 'zod';
import { ContractError, api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { UNREAD_POLL_MS, notificationKeys } from './query-keys';

/**
 * The bell's number. Read typed, not parsed: the bell is part of the signed-in frame, which
 * every screen's start loads, and no start-up module imports zod (decisions.md, "Typed reads
 * in the browser"). The one field the bell relies on is checked here instead.
 */
export const getUnreadCount = async (): Promise<number> => {
  const { unread_count } = await api.get<z.output<typeof ZUnreadCountResponse>>(
    '/api/notifications/unread-count',
  );
  if (!Number.isInteger(unread_count) || unread_count < 0) {
    throw new ContractError('The unread count is not a count');
  }
  return unread_count;
};

export const getUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: getUnreadCount,
    retry: retryUnlessClientError,
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    // The app's default is off; a user coming back to the tab expects the bell to be current.
    refetchOnWindowFocus: true,
  });

export const useUnreadCount = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getUnreadCountQueryOptions(), enabled: options.enabled ?? true });
