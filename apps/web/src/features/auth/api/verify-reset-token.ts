import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZVerifyResetTokenResponse } from '@portal/domain/auth-api';
import { api } from '../../../lib/api-client';

export const verifyResetToken = (token: string) =>
  api.post(
    '/api/verify-reset-token',
    { token },
    {
      credentials: 'omit',
      schema: ZVerifyResetTokenResponse,
    },
  );

export const getVerifyResetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => verifyResetToken(token),
    // A token's validity changes when it is used; never answer from an old check.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useVerifyResetToken = (token: string | null) =>
  useQuery({ ...getVerifyResetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });
