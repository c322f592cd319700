import { useMutation } from '@tanstack/react-query';
import { downloadServerCsv } from '../../../lib/csv-transfer';

/** GET /api/admin/bulk-upload-template-simple, saved as a file. */
export const downloadBulkTemplate = () =>
  downloadServerCsv('/api/admin/bulk-upload-template-simple', 'bulk_user_upload_template.csv');

export const useDownloadBulkTemplate = () =>
  useMutation({ mutationFn: downloadBulkTemplate, retry: false });
