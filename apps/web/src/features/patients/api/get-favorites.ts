import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZFavoritesResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY } from '../../../lib/query-client';
import { queryString } from './query-keys';

export const favoritesQueryKey = (userId: number) =>
  [PATIENTS_ROOT_KEY, 'favorites', userId] as const;

/** The user's favourite patients, as a set of patient keys. */
export const getFavorites = async (userId: number) => {
  const { favorites } = await api.get<z.output<typeof ZFavoritesResponse>>(
    `/api/patients/favorites${queryString({ user_id: userId })}`,
  );
  return favorites;
};

export const getFavoritesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: favoritesQueryKey(userId),
    queryFn: () => getFavorites(userId),
    select: (favorites) => new Set(favorites),
  });

export const useFavorites = (userId: number) => useQuery(getFavoritesQueryOptions(userId));
