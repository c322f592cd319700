import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDocumentListResponse } from '@portal/domain/documents';
import { DOCUMENT_MESSAGES, type TDocumentType } from '@portal/domain/documents-rules';
import { ApiError, api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

export type TDocumentListParams = {
  page: number;
  perPage?: number;
  search?: string;
  type?: TDocumentType | '';
  patientKey?: string;
  orderKey?: string;
};

export const documentsQueryKey = ['documents'] as const;

const queryString = (params: TDocumentListParams) => {
  const query = new URLSearchParams({ page: String(params.page) });
  if (params.perPage) {
    query.set('per_page', String(params.perPage));
  }
  if (params.search) {
    query.set('search', params.search);
  }
  if (params.type) {
    query.set('type', params.type);
  }
  if (params.patientKey) {
    query.set('patient_key', params.patientKey);
  }
  if (params.orderKey) {
    query.set('order_key', params.orderKey);
  }
  return query.toString();
};

/** A page of the documents the user may see, newest first. */
export const getDocuments = async (params: TDocumentListParams) => {
  try {
    return await api.get<TDocumentListResponse>(`/api/documents?${queryString(params)}`);
  } catch (error) {
    // A session that ended is handled by the app; anything else is the spec's text.
    if (error instanceof ApiError && error.status === 401) {
      throw error;
    }
    throw new Error(DOCUMENT_MESSAGES.fetchFailed, { cause: error });
  }
};

export const getDocumentsQueryOptions = (params: TDocumentListParams) =>
  queryOptions({
    queryKey: [...documentsQueryKey, params],
    queryFn: () => getDocuments(params),
    retry: retryUnlessClientError,
    staleTime: 0,
  });

export const useDocuments = (params: TDocumentListParams) =>
  useQuery({ ...getDocumentsQueryOptions(params), placeholderData: keepPreviousData });
