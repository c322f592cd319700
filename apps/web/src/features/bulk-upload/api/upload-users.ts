import { useMutation } from '@tanstack/react-query';
import { ZBulkUploadResponse, type TBulkUploadResults } from '@portal/domain/bulk-users';
import { uploadCsvFile } from '../../../lib/csv-transfer';

const PATH = '/api/admin/bulk-upload-users';

/** POST /api/admin/bulk-upload-users: the users file; answers each row's outcome. */
export const uploadUsers = async (
  file: File,
  onProgress: (percent: number) => void,
): Promise<TBulkUploadResults> =>
  ZBulkUploadResponse.parse(await uploadCsvFile(PATH, file, onProgress)).results;

export const useUploadUsers = (onProgress: (percent: number) => void) =>
  useMutation({ mutationFn: (file: File) => uploadUsers(file, onProgress), retry: false });
