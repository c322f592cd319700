import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { dataSyncKeys } from './query-keys';

const ZDeleteGroupResponse = z.object({ success: z.literal(true) });

/** Deletes a group of the admin's own; default groups, running ones and scheduled ones are refused. */
export const deleteSyncGroup = (id: string) =>
  api.delete(`/api/data-sync/sync-groups/${encodeURIComponent(id)}`, {
    schema: ZDeleteGroupResponse,
  });

/** `onDeleted` runs once the cards have reloaded (the deleted one's card is gone by then). */
export const useDeleteSyncGroup = ({ onDeleted }: { onDeleted?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSyncGroup,
    retry: false,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dataSyncKeys.groups });
      onDeleted?.();
    },
    // A 404 means someone else deleted it first: the cards say so by reloading.
    onError: () => queryClient.invalidateQueries({ queryKey: dataSyncKeys.groups }),
  });
};
