import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUnsubscribeResponse } from '@portal/domain/notifications-api';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** Turns off the emails a mail's unsubscribe link names; the token is the only authority. */
export const unsubscribe = (token: string) =>
  api.post(`/api/notifications/unsubscribe?${new URLSearchParams({ token })}`, undefined, {
    credentials: 'omit',
    schema: ZUnsubscribeResponse,
  });

export const useUnsubscribe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    retry: false,
    onSuccess: (answer, token) =>
      queryClient.setQueryData(notificationKeys.unsubscribe(token), answer),
  });
};
