import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearOrderFilterKeys } from '../../../lib/storage-keys';
import { UNAUTHENTICATED, authQueryKey } from './check-auth';

/** Ends the session; a failure is ignored because the user is leaving either way. */
export const logout = async () => {
  try {
    await api.post('/api/logout');
  } catch {
    // ignored (core.md section 7)
  }
  clearOrderFilterKeys();
};

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    retry: false,
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(authQueryKey, UNAUTHENTICATED);
    },
  });
};
