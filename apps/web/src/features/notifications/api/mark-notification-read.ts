import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMarkReadResponse } from '@portal/domain/notifications-api';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY } from './query-keys';

/** Marks one notification read; the answer is where its order opens in the portal. */
export const markNotificationRead = (id: number) =>
  api.post(`/api/notifications/${encodeURIComponent(id)}/read`, undefined, {
    schema: ZMarkReadResponse,
  });

/** After it the bell's number and the list are asked again. */
export const useMarkNotificationRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    // A 404 stays a 404; the user can click again after a network failure.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
};
