import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZSecondFactorInput,
  ZSecondFactorResponse,
  type TSecondFactorInput,
} from '@portal/domain/mfa-api';
import { api } from '../../../lib/api-client';
import { storeSignedInUser } from './login';

export const loginSecondFactorInputSchema = ZSecondFactorInput;

/**
 * The sign-in's second step (issue 35): the challenge the password earned and a code from
 * the authenticator app or a recovery code. Its answer is a sign-in's success, and the
 * session cookies come with it. Only the second step's own chunk loads this (and zod).
 */
export const loginSecondFactor = (input: TSecondFactorInput) =>
  api.post('/api/login/second-factor', loginSecondFactorInputSchema.parse(input), {
    schema: ZSecondFactorResponse,
  });

/** Sends the code and, when it is right, stores the user as a password sign-in does. */
export const useLoginSecondFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginSecondFactor,
    // A wrong code counts against the challenge's tries: never on the user's behalf.
    retry: false,
    onSuccess: ({ user }) => storeSignedInUser(queryClient, user),
  });
};
