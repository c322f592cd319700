import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, ZPatientListResponse } from '@portal/domain/patients-api';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY, retryUnlessClientError } from '../../../lib/query-client';
import { queryString, segment } from './query-keys';

export type TPatientListParams = {
  payorKey: string;
  search: string;
  page: number;
  perPage?: number;
};

/** One page of a payor's patients; the server applies the user's classification preferences. */
export const getPatients = ({
  payorKey,
  search,
  page,
  perPage = PAGE_SIZES.patients,
}: TPatientListParams) =>
  api.get(
    `/api/patients/payor/${segment(payorKey)}/patients${queryString({
      page,
      per_page: perPage,
      search,
    })}`,
    { schema: ZPatientListResponse },
  );

export const getPatientsQueryOptions = (params: TPatientListParams) => {
  const key = { ...params, perPage: params.perPage ?? PAGE_SIZES.patients };
  return queryOptions({
    queryKey: [PATIENTS_ROOT_KEY, 'list', key],
    queryFn: () => getPatients(key),
    retry: retryUnlessClientError,
  });
};

/** Waits (disabled) until a payor is known. */
export const usePatients = (params: TPatientListParams | undefined) =>
  useQuery({
    ...getPatientsQueryOptions(params ?? { payorKey: '', search: '', page: 1 }),
    enabled: params !== undefined,
    // The pager keeps its page count while the next page loads behind placeholder rows.
    placeholderData: keepPreviousData,
  });
