import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZConfirmEmailInput,
  ZConfirmEmailResponse,
  type TConfirmEmailInput,
  type TProfile,
} from '@portal/domain/profile-api';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

export const confirmEmailInputSchema = ZConfirmEmailInput;

/** Sent without credentials: the token from the link is the only authority, signed in or not. */
export const confirmEmail = (input: TConfirmEmailInput) =>
  api.post('/api/profile/confirm-email', confirmEmailInputSchema.parse(input), {
    credentials: 'omit',
    schema: ZConfirmEmailResponse,
  });

/** `onConfirmed` lets the app refresh the signed-in user, whose email just changed. */
export const useConfirmEmail = (onConfirmed?: () => unknown) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // The link works once: a retry after an unclear failure would only say "invalid".
    retry: false,
    onSuccess: async ({ email }) => {
      queryClient.setQueryData<TProfile>(profileQueryKey, (profile) =>
        profile ? { ...profile, email } : profile,
      );
      await onConfirmed?.();
    },
  });
};
