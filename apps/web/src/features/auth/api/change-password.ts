import { useMutation } from '@tanstack/react-query';
import {
  ZChangePasswordInput,
  ZSuccessMessage,
  type TChangePasswordInput,
} from '@portal/domain/auth-api';
import { api } from '../../../lib/api-client';
import { LOCAL_KEYS, SESSION_KEYS, local, session } from '../../../lib/storage-keys';

export const changePasswordInputSchema = ZChangePasswordInput;

export const changePassword = (input: TChangePasswordInput) =>
  api.post('/api/reset-password', changePasswordInputSchema.parse(input), {
    schema: ZSuccessMessage,
  });

/**
 * After a completed change the client drops saved user state, sets the completion flags that
 * let the next screen skip the reset check once, and clears the redirect-loop flag (core.md
 * section 4).
 */
export const markPasswordChangeComplete = () => {
  local.remove(LOCAL_KEYS.userState);
  local.set(LOCAL_KEYS.passwordResetCompleted, 'true');
  local.set(LOCAL_KEYS.forceDashboardRedirect, 'true');
  session.remove(SESSION_KEYS.redirectLoopDetected);
  session.remove(SESSION_KEYS.freshLoginPasswordReset);
};

export const useChangePassword = () =>
  useMutation({ mutationFn: changePassword, retry: false, onSuccess: markPasswordChangeComplete });
