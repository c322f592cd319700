import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMfaPolicyResponse } from '@portal/domain/mfa-policy-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { mfaAdminKeys } from './query-keys';

/** GET /api/admin/mfa/policy: per role, whether a second factor is required, and who enrolled. */
export const getMfaPolicy = () => api.get('/api/admin/mfa/policy', { schema: ZMfaPolicyResponse });

export const getMfaPolicyQueryOptions = () =>
  queryOptions({
    queryKey: mfaAdminKeys.policy,
    queryFn: getMfaPolicy,
    retry: retryUnlessClientError,
  });

export const useMfaPolicy = () => useQuery(getMfaPolicyQueryOptions());
