import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZFavoriteToggleInput } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { patientsSchemas } from '../../../lib/patients-schemas';
import { FAVORITE_PATIENTS_KEY } from './get-favorite-patients';
import { favoritesQueryKey } from './get-favorites';

export type TToggleFavoriteInput = z.input<typeof ZFavoriteToggleInput>;

/** Flips one patient's favourite flag; the answer says where it ended. */
export const toggleFavorite = async (input: TToggleFavoriteInput) => {
  const schemas = await patientsSchemas();
  return api.post('/api/patients/favorites', schemas.ZFavoriteToggleInput.parse(input), {
    schema: schemas.ZFavoriteToggleResponse,
  });
};

/**
 * Writes the server's answer into the cached favourites, so the star follows at once, and
 * asks the favourites list again.
 */
export const useToggleFavorite = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patientKey: string) =>
      toggleFavorite({ patient_key: patientKey, user_id: userId }),
    onSuccess: ({ is_favorite }, patientKey) => {
      queryClient.setQueryData<string[]>(favoritesQueryKey(userId), (previous = []) => {
        const rest = previous.filter((key) => key !== patientKey);
        return is_favorite ? [...rest, patientKey] : rest;
      });
      void queryClient.invalidateQueries({ queryKey: FAVORITE_PATIENTS_KEY });
    },
    onError: (error) => {
      // The spec only logs failed favourite calls (core.md section 7).
      console.error('Favourite toggle failed', error);
    },
  });
};
