import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSuccessMessage } from '@portal/domain/auth-api';
import { api } from '../../../lib/api-client';
import { MFA_ADMIN_KEY } from './query-keys';

/**
 * DELETE /api/admin/mfa/users/:id/factors: removes the user's apps, passkeys and recovery
 * codes, ends their sessions and tells them by email.
 */
export const resetUserFactors = (userId: number) =>
  api.delete(`/api/admin/mfa/users/${userId}/factors`, { schema: ZSuccessMessage });

export const useResetUserFactors = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserFactors,
    // Not twice on the admin's behalf: the second would answer 'no sign-in methods to reset'.
    retry: false,
    // The list and the policy's enrolled counts both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: MFA_ADMIN_KEY }),
  });
};
