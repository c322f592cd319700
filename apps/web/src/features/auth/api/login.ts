import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLoginInput, ZLoginResponse, type TLoginInput } from '@portal/domain/auth-api';
import { api } from '../../../lib/api-client';
import { SESSION_KEYS, session } from '../../../lib/storage-keys';
import { authQueryKey, type TAuthState } from './check-auth';

export const loginInputSchema = ZLoginInput;

export const login = (input: TLoginInput) =>
  api.post('/api/login', loginInputSchema.parse(input), { schema: ZLoginResponse });

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
