import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDeviceSessionsResponse, ZSessionEndedResponse } from '@portal/domain/sessions-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

export const deviceSessionsQueryKey = ['profile', 'sessions'] as const;

/** The signed-in user's live sessions, this one first. */
export const getDeviceSessions = () =>
  api.get('/api/profile/sessions', { schema: ZDeviceSessionsResponse });

export const useDeviceSessions = () =>
  useQuery(
    queryOptions({
      queryKey: deviceSessionsQueryKey,
      queryFn: getDeviceSessions,
      retry: retryUnlessClientError,
    }),
  );

/** Ends one other session (by the list's name for it), or every other one when `id` is absent. */
export const endDeviceSessions = (id?: string) =>
  id === undefined
    ? api.post('/api/profile/sessions/end-others', undefined, { schema: ZSessionEndedResponse })
    : api.delete(`/api/profile/sessions/${encodeURIComponent(id)}`, {
        schema: ZSessionEndedResponse,
      });

export const useEndDeviceSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endDeviceSessions,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceSessionsQueryKey }),
  });
};
