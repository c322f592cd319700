import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZClassificationToggleResponse, ZKey } from '@portal/domain/patients-api';
import { api } from '../../../lib/api-client';
import { applyPreferences } from './update-preferences';

export const toggleClassificationInputSchema = ZKey;

/** Flips one classification in the user's filter; the answer says whether it is now on. */
export const toggleClassification = (key: string) =>
  api.post(
    `/api/preferences/so-classifications/${encodeURIComponent(toggleClassificationInputSchema.parse(key))}/toggle`,
    undefined,
    { schema: ZClassificationToggleResponse },
  );

export const useToggleClassification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleClassification,
    // Not idempotent: after a lost answer a second try could flip the category back.
    retry: false,
    onSuccess: ({ preferences }) => applyPreferences(queryClient, preferences),
  });
};
