import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZAdminDocSaveResponse,
  ZAdminDocUpdate,
  type TAdminDocUpdate,
} from '@portal/domain/admin-docs-api';
import { api } from '../../../lib/api-client';
import { ADMIN_DOCS_KEY } from './query-keys';

export const updateAdminDocInputSchema = ZAdminDocUpdate;

export const updateAdminDoc = ({ docId, input }: { docId: number; input: TAdminDocUpdate }) =>
  api.put(`/api/admin/documentation/${docId}`, updateAdminDocInputSchema.parse(input), {
    schema: ZAdminDocSaveResponse,
  });

/**
 * Not retried: a retry after a lost answer would meet its own first save and get a 409.
 * Settled either way, the lists refresh: a 409 means someone else's version is current.
 */
export const useUpdateAdminDoc = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminDoc,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_DOCS_KEY }),
  });
};
