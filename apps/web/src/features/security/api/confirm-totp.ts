import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZRecoveryCodesResponse,
  ZTotpConfirmInput,
  type TTotpConfirmInput,
} from '@portal/domain/mfa-api';
import { api } from '../../../lib/api-client';
import { securityQueryKey } from './get-security';

export const confirmTotpInputSchema = ZTotpConfirmInput;

/** A code from the new app: it is added, and ten new recovery codes come back (shown once). */
export const confirmTotp = (input: TTotpConfirmInput) =>
  api.post('/api/profile/totp/confirm', confirmTotpInputSchema.parse(input), {
    schema: ZRecoveryCodesResponse,
  });

export const useConfirmTotp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    // A code is accepted once: a retry would be refused, or spend the next one.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKey }),
  });
};
