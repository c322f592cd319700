import { useMutation } from '@tanstack/react-query';
import { downloadServerCsv } from '../../../lib/csv-transfer';

/** GET /api/admin/patient-portal-activation-template, saved as a file. */
export const downloadActivationTemplate = () =>
  downloadServerCsv(
    '/api/admin/patient-portal-activation-template',
    'patient_portal_activation_template.csv',
  );

export const useDownloadActivationTemplate = () =>
  useMutation({ mutationFn: downloadActivationTemplate, retry: false });
