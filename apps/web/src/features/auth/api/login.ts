import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TAuthUser, TLoginInput } from '@portal/domain/auth-api';
import { api } from '../../../lib/api-client';
import { SESSION_KEYS, session } from '../../../lib/storage-keys';
import { isMfaChallenge, readLoginAnswer } from '../lib/login-messages';
import { authQueryKey, type TAuthState } from './check-auth';

/**
 * What is sent is checked against the call's schema, loaded with the first sign-in; the
 * answer is typed (decisions.md, "Typed reads in the browser"), once it is known to be a
 * success carrying the user, or a challenge for a second factor (issue 35), rather than a
 * `{ success: false, message }` refusal.
 */
export const login = async (input: TLoginInput) => {
  const { ZLoginInput } = await import('@portal/domain/auth-api');
  return readLoginAnswer(await api.post<unknown>('/api/login', ZLoginInput.parse(input)));
};

/**
 * A sign-in has made the session (the password alone, or with its second factor): the user
 * becomes the session's auth state.
 */
export const storeSignedInUser = (queryClient: QueryClient, user: TAuthUser) => {
  if (user.password_reset_required) {
    session.set(SESSION_KEYS.freshLoginPasswordReset, 'true');
  }
  queryClient.setQueryData<TAuthState>(authQueryKey, { authenticated: true, user });
};

/** Signs in and stores the user as the session's auth state, unless a second factor is owed. */
export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A wrong password is not worth a second try.
    retry: false,
    onSuccess: (answer) => {
      if (!isMfaChallenge(answer)) {
        storeSignedInUser(queryClient, answer.user);
      }
    },
  });
};
