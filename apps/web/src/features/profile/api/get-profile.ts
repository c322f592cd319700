import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZProfileResponse, type TProfile } from '@portal/domain/profile-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

export const profileQueryKey = ['profile', 'mine'] as const;

export const getProfile = async (): Promise<TProfile> => {
  const { username, email } = await api.get('/api/profile', { schema: ZProfileResponse });
  return { username, email };
};

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, retry: retryUnlessClientError });

export const useProfile = () => useQuery(getProfileQueryOptions());
