import { useMutation } from '@tanstack/react-query';
import {
  ZResetPasswordWithTokenInput,
  ZSuccessMessage,
  type TResetPasswordWithTokenInput,
} from '@portal/domain/auth-api';
import { api } from '../../../lib/api-client';

export const resetPasswordWithTokenInputSchema = ZResetPasswordWithTokenInput;

export const resetPasswordWithToken = (input: TResetPasswordWithTokenInput) =>
  api.post('/api/reset-password-with-token', resetPasswordWithTokenInputSchema.parse(input), {
    credentials: 'omit',
    schema: ZSuccessMessage,
  });

// The token is single-use: a retry after an unclear failure would only say "invalid".
export const useResetPasswordWithToken = () =>
  useMutation({ mutationFn: resetPasswordWithToken, retry: false });
