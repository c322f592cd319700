import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZAcceptInvitationInput,
  ZAcceptInvitationResponse,
  type TAcceptInvitationInput,
} from '@portal/domain/first-access';
import { api } from '../../../lib/api-client';
import { storeSignedInUser } from './login';

export const acceptInvitationInputSchema = ZAcceptInvitationInput;

/** POST /api/accept-invitation: sets the first password and answers the signed-in user. */
export const acceptInvitation = (input: TAcceptInvitationInput) =>
  api.post('/api/accept-invitation', acceptInvitationInputSchema.parse(input), {
    schema: ZAcceptInvitationResponse,
  });

/** The link works once: a retry after an unclear failure would only say "invalid". */
export const useAcceptInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    retry: false,
    onSuccess: (answer) => storeSignedInUser(queryClient, answer.user),
  });
};
