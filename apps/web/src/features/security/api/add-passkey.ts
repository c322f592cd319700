import { useMutation, useQueryClient } from '@tanstack/react-query';
import { securityQueryKey } from './get-security';

/**
 * Adds a passkey: the server's options, the browser's prompt, the new passkey named. The
 * passkey code loads with the first one added, not with the profile.
 */
export const addPasskey = async (input: { name: string; passwordless: boolean }) =>
  (await import('../../../lib/passkeys')).addPasskey(input);

export const useAddPasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    // Each try opens the browser's prompt: never on the user's behalf.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKey }),
  });
};
