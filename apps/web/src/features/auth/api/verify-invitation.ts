import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZVerifyInvitationResponse } from '@portal/domain/first-access';
import { api } from '../../../lib/api-client';

/** POST /api/verify-invitation: whether the link still works, and for which email. */
export const verifyInvitation = (token: string) =>
  api.post(
    '/api/verify-invitation',
    { token },
    { credentials: 'omit', schema: ZVerifyInvitationResponse },
  );

export const getVerifyInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'invitation', token],
    queryFn: () => verifyInvitation(token),
    // A link's validity changes when it is used; never answer from an old check.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useVerifyInvitation = (token: string | null) =>
  useQuery({ ...getVerifyInvitationQueryOptions(token ?? ''), enabled: Boolean(token) });
