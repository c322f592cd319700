import { useMutation } from '@tanstack/react-query';
import { ZPreviewResponse } from '@portal/domain/data-sync-catalogue-api';
import type { TMappingInput } from '@portal/domain/sync-mapping';
import { api } from '../../../lib/api-client';

/** The SQL one mapping compiles to, its row count and its first rows, before it is saved. */
export const previewMapping = (mapping: TMappingInput) =>
  api.post('/api/data-sync/table-sample', { mapping }, { schema: ZPreviewResponse });

/** Not retried: a refused mapping stays refused, and a slow query should not run twice. */
export const usePreviewMapping = () => useMutation({ mutationFn: previewMapping, retry: false });
