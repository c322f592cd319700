import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZNotificationSettings,
  ZNotificationSettingsResponse,
  type TNotificationSettings,
} from '@portal/domain/notifications-api';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

export const updateNotificationSettingsInputSchema = ZNotificationSettings;

export const updateNotificationSettings = (input: TNotificationSettings) =>
  api.put('/api/notification-settings', updateNotificationSettingsInputSchema.parse(input), {
    schema: ZNotificationSettingsResponse,
  });

/** Saves the settings; the answer is what the server stored, and becomes the loaded settings. */
export const useUpdateNotificationSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    // A refused setting is refused again; the user changes it and saves.
    retry: false,
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.settings, answer),
  });
};
