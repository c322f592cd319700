import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSuccessMessage } from '@portal/domain/auth-api';
import { api } from '../../../lib/api-client';
import { authQueryKey } from './check-auth';

export const markFilterPreferencesShown = () =>
  api.post<TSuccessMessage>('/api/filter-preferences-shown');

/** Marks the first-login filter prompt as shown, then refreshes the user. */
export const useMarkFilterPreferencesShown = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markFilterPreferencesShown,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authQueryKey }),
  });
};
