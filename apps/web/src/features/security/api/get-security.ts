import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSecurityResponse } from '@portal/domain/mfa-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

export const securityQueryKey = ['profile', 'security'] as const;

/** The signed-in user's authenticator apps and how many recovery codes are left. */
export const getSecurity = () => api.get('/api/profile/security', { schema: ZSecurityResponse });

export const getSecurityQueryOptions = () =>
  queryOptions({
    queryKey: securityQueryKey,
    queryFn: getSecurity,
    retry: retryUnlessClientError,
  });

export const useSecurity = () => useQuery(getSecurityQueryOptions());
