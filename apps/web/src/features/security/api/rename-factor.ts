import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSuccessMessage } from '@portal/domain/auth-api';
import { ZFactorRenameInput, type TFactorRenameInput } from '@portal/domain/mfa-api';
import { api } from '../../../lib/api-client';
import { securityQueryKey } from './get-security';

export const renameFactorInputSchema = ZFactorRenameInput;

/** Renames an authenticator app or a passkey. */
export const renameFactor = ({ id, ...input }: TFactorRenameInput & { id: number }) =>
  api.request(`/api/profile/factors/${id}`, {
    method: 'PATCH',
    body: renameFactorInputSchema.parse(input),
    schema: ZSuccessMessage,
  });

export const useRenameFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKey }),
  });
};
