import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZActivationResponse, type TActivationResults } from '@portal/domain/portal-activation-api';
import { api } from '../../../lib/api-client';
import { uploadCsvFile } from '../../../lib/csv-transfer';

/** POST /api/admin/activate-patient-portal-bulk with the selected patient keys. */
export const activateSelected = async (patientKeys: string[]): Promise<TActivationResults> =>
  (
    await api.post(
      '/api/admin/activate-patient-portal-bulk',
      { patient_keys: patientKeys },
      { schema: ZActivationResponse },
    )
  ).results;

/** POST /api/admin/activate-patient-portal-csv with the file (multipart field file). */
export const activateFromCsv = async (
  file: File,
  onProgress: (percent: number) => void,
): Promise<TActivationResults> =>
  ZActivationResponse.parse(
    await uploadCsvFile('/api/admin/activate-patient-portal-csv', file, onProgress),
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
    mutationFn: (file: File) => activateFromCsv(file, onProgress),
    retry: false,
    onSettled: refresh,
  });
};
