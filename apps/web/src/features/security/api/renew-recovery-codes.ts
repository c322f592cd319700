import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZFactorConfirmation,
  ZRecoveryCodesResponse,
  type TFactorConfirmation,
} from '@portal/domain/mfa-api';
import { api } from '../../../lib/api-client';
import { securityQueryKey } from './get-security';

export const renewRecoveryCodesInputSchema = ZFactorConfirmation;

/** Ten new recovery codes (shown once); the old ones stop working. */
export const renewRecoveryCodes = (input: TFactorConfirmation) =>
  api.post('/api/profile/recovery-codes', renewRecoveryCodesInputSchema.parse(input), {
    schema: ZRecoveryCodesResponse,
  });

export const useRenewRecoveryCodes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    // A wrong password must not be tried twice on the user's behalf.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKey }),
  });
};
