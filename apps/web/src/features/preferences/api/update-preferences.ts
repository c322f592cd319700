import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TPreferences, TPreferencesUpdate } from '@portal/domain/patients-api';
import { api } from '../../../lib/api-client';
import { patientsSchemas } from '../../../lib/patients-schemas';
import { PATIENTS_ROOT_KEY } from '../../../lib/query-client';
import { EMPTY_PREFERENCES, preferencesQueryKey } from './get-preferences';

export const updatePreferences = async (input: TPreferencesUpdate) => {
  const schemas = await patientsSchemas();
  const { preferences } = await api.put(
    '/api/preferences',
    schemas.ZPreferencesUpdate.parse(input),
    { schema: schemas.ZPreferencesUpdateResponse },
  );
  return preferences;
};

/**
 * Stores the server's answer as the user's preferences and drops every cached patient, order
 * and item list: they were filtered by the old classifications (core.md section 9).
 */
export const applyPreferences = (queryClient: QueryClient, preferences: TPreferences) => {
  queryClient.setQueryData(preferencesQueryKey, preferences);
  queryClient.removeQueries({ queryKey: [PATIENTS_ROOT_KEY] });
};

export const useUpdatePreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => applyPreferences(queryClient, preferences),
    // A failed update is recorded and the preferences fall back to empty (core.md section 8).
    onError: (error) => {
      console.warn('Failed to update preferences', error);
      applyPreferences(queryClient, EMPTY_PREFERENCES);
    },
  });
};
