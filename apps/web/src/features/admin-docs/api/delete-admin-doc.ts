import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdminDocDeleteResponse } from '@portal/domain/admin-docs-api';
import { api } from '../../../lib/api-client';
import { ADMIN_DOCS_KEY } from './query-keys';

export const deleteAdminDoc = (docId: number) =>
  api.delete(`/api/admin/documentation/${docId}`, { schema: ZAdminDocDeleteResponse });

export const useDeleteAdminDoc = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminDoc,
    retry: false,
    onSuccess: (_answer, docId) => {
      queryClient.removeQueries({ queryKey: [...ADMIN_DOCS_KEY, 'detail', docId] });
      return queryClient.invalidateQueries({ queryKey: [...ADMIN_DOCS_KEY, 'list'] });
    },
  });
};
