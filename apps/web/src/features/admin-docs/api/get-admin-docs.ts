import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminDocListResponse } from '@portal/domain/admin-docs-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { ADMIN_DOCS_KEY } from './query-keys';

/** Every document, most recently updated first, without content. */
export const getAdminDocs = () =>
  api.get('/api/admin/documentation', { schema: ZAdminDocListResponse });

export const getAdminDocsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_DOCS_KEY, 'list'],
    queryFn: getAdminDocs,
    retry: retryUnlessClientError,
    // Other admins edit the same documents; a list read a while ago may already be behind.
    staleTime: 0,
  });

export const useAdminDocs = () => useQuery(getAdminDocsQueryOptions());
