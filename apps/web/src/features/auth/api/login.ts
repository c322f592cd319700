import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginInput } from '@portal/domain/auth-api';
import { api } from '../../../lib/api-client';
import { SESSION_KEYS, session } from '../../../lib/storage-keys';
import { readLoginAnswer } from '../lib/login-messages';
import { authQueryKey, type TAuthState } from './check-auth';

/**
 * What is sent is checked against the call's schema, loaded with the first sign-in; the
 * answer is typed (decisions.md, "Typed reads in the browser"), once it is known to be a
 * success carrying the user rather than a `{ success: false, message }` refusal.
 */
export const login = async (input: TLoginInput) => {
  const { ZLoginInput } = await import('@portal/domain/auth-api');
  return readLoginAnswer(await api.post<unknown>('/api/login', ZLoginInput.parse(input)));
};

/** Signs in and stores the user as the session's auth state. */
export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A wrong password is not worth a second try.
    retry: false,
    onSuccess: ({ user }) => {
      if (user.password_reset_required) {
        session.set(SESSION_KEYS.freshLoginPasswordReset, 'true');
      }
      queryClient.setQueryData<TAuthState>(authQueryKey, { authenticated: true, user });
    },
  });
};
