import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSchedulerControlResponse } from '@portal/domain/data-sync-schedule-api';
import { api } from '../../../lib/api-client';
import { dataSyncKeys } from './query-keys';

/** The spec re-checks the status 1, 3 and 6 s after a start or stop. */
export const RECHECK_AFTER_MS = [1_000, 3_000, 6_000] as const;

export const controlScheduler = (action: 'start' | 'stop') =>
  api.post('/api/data-sync/scheduler/control', { action }, { schema: ZSchedulerControlResponse });

export const useControlScheduler = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: controlScheduler,
    retry: false,
    onSuccess: () => {
      const recheck = () =>
        void queryClient.invalidateQueries({ queryKey: dataSyncKeys.scheduler });
      recheck();
      for (const delay of RECHECK_AFTER_MS) {
        setTimeout(recheck, delay);
      }
      void queryClient.invalidateQueries({ queryKey: dataSyncKeys.schedules });
    },
  });
};
