import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCancelResponse } from '@portal/domain/data-sync-api';
import { api } from '../../../lib/api-client';
import { DATA_SYNC_KEY } from './query-keys';

/** Asks the server to stop a running job; a mapping job stops with its group run. */
export const cancelJob = (id: string) =>
  api.post(`/api/data-sync/jobs/${encodeURIComponent(id)}/cancel`, {}, { schema: ZCancelResponse });

/** Not retried: a second ask is refused (409) once the first is on record. */
export const useCancelJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelJob,
    retry: false,
    // The job, the groups' cards and the history all show 'Cancelling…' from now on.
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATA_SYNC_KEY }),
  });
};
