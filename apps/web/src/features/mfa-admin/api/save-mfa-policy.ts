import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZMfaPolicyInput,
  ZMfaPolicyResponse,
  type TMfaPolicyInput,
} from '@portal/domain/mfa-policy-api';
import { api } from '../../../lib/api-client';
import { mfaAdminKeys } from './query-keys';

export const saveMfaPolicyInputSchema = ZMfaPolicyInput;

const ZSavedPolicy = ZMfaPolicyResponse.extend({ message: z.string() });

/** PUT /api/admin/mfa/policy: the roles listed require a factor, every other role is optional. */
export const saveMfaPolicy = (input: TMfaPolicyInput) =>
  api.put('/api/admin/mfa/policy', saveMfaPolicyInputSchema.parse(input), {
    schema: ZSavedPolicy,
  });

export const useSaveMfaPolicy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMfaPolicy,
    // A refusal (requiring one's own role without a factor) will not change on a second try.
    retry: false,
    onSuccess: async (answer) => {
      queryClient.setQueryData(mfaAdminKeys.policy, { success: true, roles: answer.roles });
      // Each user's 'Required' badge follows their role's new setting.
      await queryClient.invalidateQueries({ queryKey: mfaAdminKeys.usersRoot });
    },
  });
};
