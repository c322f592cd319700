import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORCE_SYNC_DEFAULTS, ZStartResponse } from '@portal/domain/data-sync-api';
import { api } from '../../../lib/api-client';
import { DATA_SYNC_KEY } from './query-keys';

/** Starts a group run with the spec's retry settings (3 retries, 300 s apart); answers the job id. */
export const forceSync = (groupId: string) =>
  api.post(
    '/api/data-sync/force-sync',
    { group_id: groupId, retry_settings: { ...FORCE_SYNC_DEFAULTS } },
    { schema: ZStartResponse },
  );

/** Not retried: a second start of the same group would be refused as already running. */
export const useForceSync = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceSync,
    retry: false,
    // The jobs and the group's card (its run starts) both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATA_SYNC_KEY }),
  });
};
