import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZNotificationSettingsResponse } from '@portal/domain/notifications-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { notificationKeys } from './query-keys';

/** The signed-in user's notification settings (the defaults until first saved). */
export const getNotificationSettings = () =>
  api.get('/api/notification-settings', { schema: ZNotificationSettingsResponse });

export const getNotificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: getNotificationSettings,
    retry: retryUnlessClientError,
  });

export const useNotificationSettings = () => useQuery(getNotificationSettingsQueryOptions());
