import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZAdminDocInput,
  ZAdminDocSaveResponse,
  type TAdminDocInput,
} from '@portal/domain/admin-docs-api';
import { api } from '../../../lib/api-client';
import { ADMIN_DOCS_KEY } from './query-keys';

export const createAdminDocInputSchema = ZAdminDocInput;

export const createAdminDoc = (input: TAdminDocInput) =>
  api.post('/api/admin/documentation', createAdminDocInputSchema.parse(input), {
    schema: ZAdminDocSaveResponse,
  });

/** Not retried: a lost answer would otherwise create the document twice. */
export const useCreateAdminDoc = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminDoc,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_DOCS_KEY }),
  });
};
