import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPreferences, ZPreferencesResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export const EMPTY_PREFERENCES: TPreferences = { so_classifications: [], order_categories: [] };

export const preferencesQueryKey = ['preferences', 'mine'] as const;

export const getPreferences = async () => {
  const { preferences } = await api.get<z.output<typeof ZPreferencesResponse>>('/api/preferences');
  return preferences;
};

/** A failed load is recorded and read as no preferences at all (core.md section 8). */
export const getPreferencesOrEmpty = async (): Promise<TPreferences> => {
  try {
    return await getPreferences();
  } catch (error) {
    console.warn('Failed to load preferences', error);
    return EMPTY_PREFERENCES;
  }
};

export const getPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesQueryKey,
    queryFn: getPreferencesOrEmpty,
  });

export const usePreferences = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getPreferencesQueryOptions(), enabled: options.enabled ?? true });
