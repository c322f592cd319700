import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@portal/domain/patients-rules';
import type { ZPatientListResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY, retryUnlessClientError } from '../../../lib/query-client';
import { PatientListAnswerError } from '../lib/list-error';
import { queryString, segment } from './query-keys';

export type TPatientListParams = {
  payorKey: string;
  search: string;
  page: number;
  perPage?: number;
};

/**
 * One page of a payor's patients; the server applies the user's classification preferences.
 * The answer is typed, not parsed (lib/patients-schemas.ts); an answer without success is
 * the spec's 'Failed to fetch patients'.
 */
export const getPatients = async ({
  payorKey,
  search,
  page,
  perPage = PAGE_SIZES.patients,
}: TPatientListParams) => {
  const answer = await api.get<z.output<typeof ZPatientListResponse>>(
    `/api/patients/payor/${segment(payorKey)}/patients${queryString({
      page,
      per_page: perPage,
      search,
    })}`,
  );
  // Read as the body came, whatever the type says: it was not parsed.
  const success: unknown = (answer as { success?: unknown } | undefined)?.success;
  if (success !== true) {
    throw new PatientListAnswerError();
  }
  return answer;
};

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
