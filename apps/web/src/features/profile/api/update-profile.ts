import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZProfileUpdate,
  ZProfileUpdateResponse,
  type TProfileUpdate,
} from '@portal/domain/profile-api';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

export const updateProfileInputSchema = ZProfileUpdate;

export const updateProfile = (input: TProfileUpdate) =>
  api.put('/api/profile', updateProfileInputSchema.parse(input), {
    schema: ZProfileUpdateResponse,
  });

/** Stores the answer as the profile; `onSaved` lets the app refresh the signed-in user. */
export const useUpdateProfile = (onSaved?: () => unknown) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // A wrong current password must not be tried twice on the user's behalf.
    retry: false,
    onSuccess: async ({ username, email }) => {
      queryClient.setQueryData(profileQueryKey, { username, email });
      await onSaved?.();
    },
  });
};
