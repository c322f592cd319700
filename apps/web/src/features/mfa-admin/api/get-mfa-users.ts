import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MFA_ENROLMENT_FILTERS } from '@portal/domain/mfa-policy-api';
import { ZMfaUsersResponse } from '@portal/domain/mfa-policy-api';
import type { TRole } from '@portal/domain/roles';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { mfaAdminKeys } from './query-keys';

export type TEnrolmentFilter = (typeof MFA_ENROLMENT_FILTERS)[number];

export type TMfaUsersFilter = {
  search: string;
  role: TRole | '';
  enrolment: TEnrolmentFilter;
  page: number;
};

/** The query string of a filter: empty parts and the defaults left out. */
export const mfaUsersQuery = (filter: TMfaUsersFilter) => {
  const params = new URLSearchParams();
  if (filter.search.trim()) {
    params.set('search', filter.search.trim());
  }
  if (filter.role) {
    params.set('role', filter.role);
  }
  if (filter.enrolment !== 'all') {
    params.set('enrolment', filter.enrolment);
  }
  if (filter.page > 1) {
    params.set('page', String(filter.page));
  }
  return params.toString();
};

/** GET /api/admin/mfa/users: active users and their sign-in methods, 25 a page, by email. */
export const getMfaUsers = (filter: TMfaUsersFilter) => {
  const query = mfaUsersQuery(filter);
  return api.get(`/api/admin/mfa/users${query ? `?${query}` : ''}`, {
    schema: ZMfaUsersResponse,
  });
};

export const getMfaUsersQueryOptions = (filter: TMfaUsersFilter) =>
  queryOptions({
    queryKey: mfaAdminKeys.users(filter),
    queryFn: () => getMfaUsers(filter),
    retry: retryUnlessClientError,
    placeholderData: keepPreviousData,
  });

export const useMfaUsers = (filter: TMfaUsersFilter) => useQuery(getMfaUsersQueryOptions(filter));
