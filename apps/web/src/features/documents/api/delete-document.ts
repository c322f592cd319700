import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_MESSAGES } from '@portal/domain/documents-rules';
import { ApiError, api } from '../../../lib/api-client';
import { documentsQueryKey } from './get-documents';

export const deleteDocument = async (id: string) => {
  try {
    return await api.delete<{ success: true }>(`/api/documents/${encodeURIComponent(id)}`);
  } catch (error) {
    const reason = error instanceof ApiError && error.serverError ? `: ${error.serverError}` : '';
    throw new Error(`${DOCUMENT_MESSAGES.deleteFailed}${reason}`, { cause: error });
  }
};

export const useDeleteDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
};
