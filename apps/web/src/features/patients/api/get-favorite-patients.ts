import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@portal/domain/patients-rules';
import type { ZPatientListResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY, retryUnlessClientError } from '../../../lib/query-client';
import { PatientListAnswerError } from '../lib/list-error';
import { queryString, segment } from './query-keys';

export type TFavoritePatientsParams = { payorKey: string; page: number; perPage?: number };

/** The key every page of the favourites list shares, so a star change refreshes them all. */
export const FAVORITE_PATIENTS_KEY = [PATIENTS_ROOT_KEY, 'favorite-patients'] as const;

/**
 * One page of the user's favourite patients of a payor, paged on the server: 'Show
 * Favorites' lists all of them, not only the loaded page's (docs/decisions.md).
 */
export const getFavoritePatients = async ({
  payorKey,
  page,
  perPage = PAGE_SIZES.patients,
}: TFavoritePatientsParams) => {
  const answer = await api.get<z.output<typeof ZPatientListResponse>>(
    `/api/patients/payor/${segment(payorKey)}/favorites${queryString({ page, per_page: perPage })}`,
  );
  const success: unknown = (answer as { success?: unknown } | undefined)?.success;
  if (success !== true) {
    throw new PatientListAnswerError();
  }
  return answer;
};

export const getFavoritePatientsQueryOptions = (params: TFavoritePatientsParams) => {
  const key = { ...params, perPage: params.perPage ?? PAGE_SIZES.patients };
  return queryOptions({
    queryKey: [...FAVORITE_PATIENTS_KEY, key],
    queryFn: () => getFavoritePatients(key),
    retry: retryUnlessClientError,
  });
};

/** Waits (disabled) until a payor is known and favourites-only is on. */
export const useFavoritePatients = (params: TFavoritePatientsParams | undefined) =>
  useQuery({
    ...getFavoritePatientsQueryOptions(params ?? { payorKey: '', page: 1 }),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
