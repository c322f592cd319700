import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceSessionExpired, api } from '../../../lib/api-client';
import { clearOrderFilterKeys } from '../../../lib/storage-keys';
import { endServerSession, type TSignOutOutcome } from '../lib/end-session';
import { UNAUTHENTICATED, authQueryKey, getCheckAuth } from './check-auth';

/** A hung request must not hold the sign-out for the client's default quarter of an hour. */
export const LOGOUT_ATTEMPT_TIMEOUT_MS = 10_000;

/** 'user': the Logout button or the idle warning's Sign out; 'idle': the automatic logoff. */
export type TSignOutReason = 'user' | 'idle';

/**
 * Ends the session on the server, retrying a failed request a few times (end-session.ts).
 * The HttpOnly cookies only go when the server clears them, so a failure is reported, not
 * ignored: 'still-signed-in' means this browser is still signed in.
 */
export const logout = async (): Promise<TSignOutOutcome> => {
  // The user is leaving either way: the saved filters go whatever the server answers.
  clearOrderFilterKeys();
  return endServerSession({
    requestLogout: () =>
      api.post('/api/logout', undefined, {
        signal: AbortSignal.timeout(LOGOUT_ATTEMPT_TIMEOUT_MS),
      }),
    sessionStands: async () => (await getCheckAuth()).authenticated,
  });
};

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation<TSignOutOutcome, Error, TSignOutReason>({
    mutationFn: () => logout(),
    // The retries are logout's own.
    retry: false,
    onSuccess: (outcome, reason) => {
      if (outcome !== 'signed-out') {
        return;
      }
      if (reason === 'idle') {
        // Cache cleared and /login with the expired message, as when a refresh fails.
        announceSessionExpired();
        return;
      }
      queryClient.clear();
      queryClient.setQueryData(authQueryKey, UNAUTHENTICATED);
    },
  });
};
