import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSaveGroupResponse, type TSaveGroupBody } from '@portal/domain/data-sync-api';
import { api } from '../../../lib/api-client';
import { dataSyncKeys } from './query-keys';

/**
 * Creates or updates a group (the editor, the case fixer's Apply Fixes); the server
 * validates each mapping. With `create` the id must be free (409 otherwise).
 */
export const saveSyncGroup = (body: TSaveGroupBody) =>
  api.post('/api/data-sync/sync-groups', body, { schema: ZSaveGroupResponse });

export const useSaveSyncGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSyncGroup,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataSyncKeys.groups }),
  });
};
