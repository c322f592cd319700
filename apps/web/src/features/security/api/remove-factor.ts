import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSuccessMessage } from '@portal/domain/auth-api';
import { ZFactorConfirmation, type TFactorConfirmation } from '@portal/domain/mfa-api';
import { api } from '../../../lib/api-client';
import { securityQueryKey } from './get-security';

export const removeFactorInputSchema = ZFactorConfirmation;

/** Removes an authenticator app; the password (or a current code) confirms it is the user. */
export const removeFactor = ({ id, ...confirmation }: TFactorConfirmation & { id: number }) =>
  api.request(`/api/profile/factors/${id}`, {
    method: 'DELETE',
    body: removeFactorInputSchema.parse(confirmation),
    schema: ZSuccessMessage,
  });

export const useRemoveFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFactor,
    // A wrong password must not be tried twice on the user's behalf.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKey }),
  });
};
