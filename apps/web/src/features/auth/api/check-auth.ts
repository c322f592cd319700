import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCheckAuthResponse, type TAuthUser } from '@portal/domain/auth-api';
import { ApiError, api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

export type TAuthState =
  { authenticated: true; user: TAuthUser } | { authenticated: false; user: null };

export const UNAUTHENTICATED: TAuthState = { authenticated: false, user: null };

export const authQueryKey = ['auth', 'check'] as const;

/** The session's user; a 401 (after one refresh attempt) means signed out, not an error. */
export const getCheckAuth = async (): Promise<TAuthState> => {
  try {
    const { user } = await api.get('/api/check-auth', { schema: ZCheckAuthResponse });
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
