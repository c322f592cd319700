import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, ZAuditListResponse } from '@portal/domain/audit-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { filterParams, type TAuditFilterForm } from '../lib/filters';

export type TAuditTrailParams = { filters: TAuditFilterForm; page: number };

/** One page of the audit trail, newest first, with the admin's filters. */
export const getAuditTrail = ({ filters, page }: TAuditTrailParams) =>
  api.get(`/api/admin/audit?${filterParams(filters, { page, per_page: AUDIT_PAGE_SIZE })}`, {
    schema: ZAuditListResponse,
  });

export const getAuditTrailQueryOptions = (params: TAuditTrailParams) =>
  queryOptions({
    queryKey: ['audit', 'trail', params],
    queryFn: () => getAuditTrail(params),
    retry: retryUnlessClientError,
    // The trail grows by the second; a page read a minute ago is already behind.
    staleTime: 0,
  });

export const useAuditTrail = (params: TAuditTrailParams) =>
  useQuery({
    ...getAuditTrailQueryOptions(params),
    // The pager keeps its page count while the next page loads.
    placeholderData: keepPreviousData,
  });
