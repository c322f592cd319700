import { useMutation } from '@tanstack/react-query';
import {
  ANALYTICS_LIMITS,
  reorderExportPrefix,
  type TReorderExportScope,
} from '@portal/domain/analytics';
import { datedCsvName } from '@portal/domain/csv-cells';
import { downloadServerCsv } from '../../../lib/csv-transfer';

/**
 * The reorder list as a CSV file, written and audited by the server (every tracked patient,
 * or those needing attention), saved under a dated name.
 */
export const exportReorderCsv = (scope: TReorderExportScope) =>
  downloadServerCsv(
    `/api/analytics/reorder-patterns/export?days=${ANALYTICS_LIMITS.defaultReorderDays}&min_orders=${ANALYTICS_LIMITS.defaultMinOrders}&scope=${scope}`,
    datedCsvName(reorderExportPrefix(scope)),
  );

export const useExportReorderCsv = () =>
  useMutation({ mutationFn: exportReorderCsv, retry: false });
