import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { MFA_ENROLMENT_FILTERS } from '@portal/domain/mfa-policy-api';
import { isRole } from '@portal/domain/roles';
import { mfaUsersQuery, type TMfaUsersFilter } from '../api/get-mfa-users';

const readPage = (text: string | null) => {
  const page = Number(text);
  return Number.isInteger(page) && page > 1 ? page : 1;
};

const readFilter = (params: URLSearchParams): TMfaUsersFilter => {
  const role = params.get('role');
  const enrolment = MFA_ENROLMENT_FILTERS.find((value) => value === params.get('enrolment'));
  return {
    search: params.get('search') ?? '',
    role: isRole(role) ? role : '',
    enrolment: enrolment ?? 'all',
    page: readPage(params.get('page')),
  };
};

/**
 * The user list's search, filters and page in the address
 * (/admin/security?role=case_manager&enrolment=not_enrolled&page=2), so a pasted link or a
 * reload opens the same list. A new search or filter starts again at page 1.
 */
export const useMfaUsersUrl = () => {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);

  const show = useCallback(
    (next: Partial<TMfaUsersFilter>, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const before = readFilter(current);
          return new URLSearchParams(mfaUsersQuery({ ...before, page: 1, ...next }));
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      ),
    [setParams],
  );

  return { filter, show };
};
