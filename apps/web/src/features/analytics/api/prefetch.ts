import type { QueryClient } from '@tanstack/react-query';
import { ANALYTICS_LIMITS } from '@portal/domain/analytics';
import { getProcessingTimeQueryOptions } from './get-processing-time';
import { getStatusDurationQueryOptions } from './get-status-duration';

// A failed prefetch is the panel's to show: its own query reports the error and retries.
const ignore = () => undefined;

/**
 * The first answers /analytics draws (the default tab's two panels), started while the
 * screen's chunk is still being evaluated and rendered. The keys are the ones the panels
 * ask for on their first render.
 */
export const prefetchAnalytics = (queryClient: QueryClient) => {
  void queryClient
    .query(getProcessingTimeQueryOptions(ANALYTICS_LIMITS.defaultProcessingDays))
    .catch(ignore);
  void queryClient
    .query(getStatusDurationQueryOptions(ANALYTICS_LIMITS.defaultStatusDurationDays))
    .catch(ignore);
};
