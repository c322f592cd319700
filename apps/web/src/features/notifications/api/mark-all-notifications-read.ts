import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMarkAllReadResponse } from '@portal/domain/notifications-api';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY } from './query-keys';

/** Marks every notification of the signed-in user read; the answer counts those it changed. */
export const markAllNotificationsRead = () =>
  api.post('/api/notifications/read-all', undefined, { schema: ZMarkAllReadResponse });

export const useMarkAllNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
};
