import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@portal/domain/patients-rules';
import type { ZIntakeListResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY, retryUnlessClientError } from '../../../lib/query-client';
import { queryString, segment } from './query-keys';

export type TIntakeListParams = { payorKey: string; search: string; page: number };

/** One page (20) of a payor's intake patients. */
export const getIntakePatients = ({ payorKey, search, page }: TIntakeListParams) =>
  api.get<z.output<typeof ZIntakeListResponse>>(
    `/api/patients/payor/${segment(payorKey)}/intake-patients${queryString({
      page,
      per_page: PAGE_SIZES.intake,
      search,
    })}`,
  );

export const getIntakePatientsQueryOptions = (params: TIntakeListParams) =>
  queryOptions({
    queryKey: [PATIENTS_ROOT_KEY, 'intake', { ...params, perPage: PAGE_SIZES.intake }],
    queryFn: () => getIntakePatients(params),
    retry: retryUnlessClientError,
  });

export const useIntakePatients = (params: TIntakeListParams | undefined) =>
  useQuery({
    ...getIntakePatientsQueryOptions(params ?? { payorKey: '', search: '', page: 1 }),
    enabled: params !== undefined,
    // The pager keeps its page count while the next page loads behind placeholder rows.
    placeholderData: keepPreviousData,
  });
