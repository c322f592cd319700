import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAccessDelivery } from '@portal/domain/first-access';
import {
  ZActivationResponse,
  type TActivationResults,
  type TBulkActivationBody,
} from '@portal/domain/portal-activation-api';
import { api } from '../../../lib/api-client';
import { uploadCsvFile } from '../../../lib/csv-transfer';

/**
 * POST /api/admin/activate-patient-portal-bulk with the selected patient keys, and whether
 * they get an invitation email or a temporary password.
 */
export const activateSelected = async ({
  patientKeys,
  delivery,
}: {
  patientKeys: string[];
  delivery: TAccessDelivery;
}): Promise<TActivationResults> =>
  (
    await api.post(
      '/api/admin/activate-patient-portal-bulk',
      { patient_keys: patientKeys, delivery } satisfies TBulkActivationBody,
      { schema: ZActivationResponse },
    )
  ).results;

/** POST /api/admin/activate-patient-portal-csv?delivery=… with the file (multipart field file). */
export const activateFromCsv = async (
  { file, delivery }: { file: File; delivery: TAccessDelivery },
  onProgress: (percent: number) => void,
): Promise<TActivationResults> =>
  ZActivationResponse.parse(
    await uploadCsvFile(
      `/api/admin/activate-patient-portal-csv?delivery=${delivery}`,
      file,
      onProgress,
    ),
  ).results;

/** Either way, the list of patients without portal access is out of date afterwards. */
const useRefreshList = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin', 'patients-without-portal'] });
};

export const useActivateSelected = () => {
  const refresh = useRefreshList();
  return useMutation({ mutationFn: activateSelected, retry: false, onSettled: refresh });
};

export const useActivateFromCsv = (onProgress: (percent: number) => void) => {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (input: { file: File; delivery: TAccessDelivery }) =>
      activateFromCsv(input, onProgress),
    retry: false,
    onSettled: refresh,
  });
};
