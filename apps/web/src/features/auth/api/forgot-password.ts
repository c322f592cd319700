import { useMutation } from '@tanstack/react-query';
import {
  ZForgotPasswordInput,
  ZSuccessMessage,
  type TForgotPasswordInput,
} from '@portal/domain/auth-api';
import { api } from '../../../lib/api-client';

export const forgotPasswordInputSchema = ZForgotPasswordInput;

export const forgotPassword = (input: TForgotPasswordInput) =>
  api.post('/api/forgot-password', forgotPasswordInputSchema.parse(input), {
    credentials: 'omit',
    schema: ZSuccessMessage,
  });

// A retry would send a second mail and spend another of the rate-limited tries.
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword, retry: false });
