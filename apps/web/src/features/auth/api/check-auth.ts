import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAuthUser, TCheckAuthResponse } from '@portal/domain/auth-api';
import { ApiError, api } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';
import { retryUnlessClientError } from '../../../lib/query-client';

export type TAuthState =
  { authenticated: true; user: TAuthUser } | { authenticated: false; user: null };

export const UNAUTHENTICATED: TAuthState = { authenticated: false, user: null };

// document.cookie is read once: on a slow phone each read of it takes milliseconds.
const hasSessionCookie = (cookies = document.cookie) =>
  readCookie('csrf_access_token', cookies) !== undefined ||
  readCookie('csrf_refresh_token', cookies) !== undefined;

export const authQueryKey = ['auth', 'check'] as const;

/**
 * The session's user; a 401 (after one refresh attempt) means signed out, not an error.
 * Every token cookie has a readable CSRF twin of the same lifetime: with neither twin
 * there is no session to check, so a signed-out visit asks nothing (and logs no 401).
 */
export const getCheckAuth = async (): Promise<TAuthState> => {
  if (!hasSessionCookie()) {
    return UNAUTHENTICATED;
  }
  try {
    const { user } = await api.get<TCheckAuthResponse>('/api/check-auth');
    return { authenticated: true, user };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return UNAUTHENTICATED;
    }
    throw error;
  }
};

export const getCheckAuthQueryOptions = () =>
  queryOptions({
    queryKey: authQueryKey,
    queryFn: getCheckAuth,
    retry: retryUnlessClientError,
  });

export const useCheckAuth = () => useQuery(getCheckAuthQueryOptions());
