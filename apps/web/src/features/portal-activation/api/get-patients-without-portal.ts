import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PORTAL_ACTIVATION_PAGE_SIZE,
  ZPatientsWithoutPortalResponse,
} from '@portal/domain/portal-activation-api';
import { api } from '../../../lib/api-client';

export type TWithoutPortalFilter = { page: number; search: string; payorKey: string };

/** GET /api/admin/patients-without-portal, 50 a page (offset = page index × 50). */
export const getPatientsWithoutPortal = (filter: TWithoutPortalFilter) => {
  const params = new URLSearchParams({
    limit: String(PORTAL_ACTIVATION_PAGE_SIZE),
    offset: String((filter.page - 1) * PORTAL_ACTIVATION_PAGE_SIZE),
  });
  if (filter.search.trim()) {
    params.set('search', filter.search.trim());
  }
  if (filter.payorKey) {
    params.set('payor_key', filter.payorKey);
  }
  return api.get(`/api/admin/patients-without-portal?${params.toString()}`, {
    schema: ZPatientsWithoutPortalResponse,
  });
};

export const getPatientsWithoutPortalQueryOptions = (filter: TWithoutPortalFilter) =>
  queryOptions({
    queryKey: ['admin', 'patients-without-portal', filter],
    queryFn: () => getPatientsWithoutPortal(filter),
    placeholderData: keepPreviousData,
  });

export const usePatientsWithoutPortal = (filter: TWithoutPortalFilter) =>
  useQuery(getPatientsWithoutPortalQueryOptions(filter));
