import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminDocDetailResponse } from '@portal/domain/admin-docs-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { ADMIN_DOCS_KEY } from './query-keys';

export type TAdminDocParams = { docId: number; version?: number | undefined };

/** One document with its history; `version` opens an earlier version of it. */
export const getAdminDoc = ({ docId, version }: TAdminDocParams) => {
  const query = new URLSearchParams({ doc_id: String(docId) });
  if (version !== undefined) {
    query.set('version', String(version));
  }
  return api.get(`/api/admin/documentation?${query.toString()}`, {
    schema: ZAdminDocDetailResponse,
  });
};

export const getAdminDocQueryOptions = (params: TAdminDocParams) =>
  queryOptions({
    queryKey: [...ADMIN_DOCS_KEY, 'detail', params.docId, params.version ?? 'current'],
    queryFn: () => getAdminDoc(params),
    retry: retryUnlessClientError,
    staleTime: 0,
  });

export const useAdminDoc = (params: TAdminDocParams | undefined) =>
  useQuery({
    ...getAdminDocQueryOptions(params ?? { docId: 0 }),
    enabled: params !== undefined,
  });
