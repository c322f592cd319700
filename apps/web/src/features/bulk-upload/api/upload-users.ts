import { useMutation } from '@tanstack/react-query';
import { ZBulkUploadResponse, type TBulkUploadResults } from '@portal/domain/bulk-users';
import type { TAccessDelivery } from '@portal/domain/first-access';
import { uploadCsvFile } from '../../../lib/csv-transfer';

const PATH = '/api/admin/bulk-upload-users';

export type TUploadUsersInput = { file: File; delivery: TAccessDelivery };

/**
 * POST /api/admin/bulk-upload-users?delivery=…: the users file, and whether they get an
 * invitation email or a temporary password; answers each row's outcome.
 */
export const uploadUsers = async (
  { file, delivery }: TUploadUsersInput,
  onProgress: (percent: number) => void,
): Promise<TBulkUploadResults> =>
  ZBulkUploadResponse.parse(await uploadCsvFile(`${PATH}?delivery=${delivery}`, file, onProgress))
    .results;

export const useUploadUsers = (onProgress: (percent: number) => void) =>
  useMutation({
    mutationFn: (input: TUploadUsersInput) => uploadUsers(input, onProgress),
    retry: false,
  });
