import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { patientsSchemas } from '../../../lib/patients-schemas';
import { applyPreferences } from './update-preferences';

/** Flips one classification in the user's filter; the answer says whether it is now on. */
export const toggleClassification = async (key: string) => {
  const schemas = await patientsSchemas();
  return api.post(
    `/api/preferences/so-classifications/${encodeURIComponent(schemas.ZKey.parse(key))}/toggle`,
    undefined,
    { schema: schemas.ZClassificationToggleResponse },
  );
};

export const useToggleClassification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleClassification,
    // Not idempotent: after a lost answer a second try could flip the category back.
    retry: false,
    onSuccess: ({ preferences }) => applyPreferences(queryClient, preferences),
  });
};
