import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZScheduleInput,
  ZScheduleResponse,
  type TScheduleInput,
} from '@portal/domain/data-sync-schedule-api';
import { api } from '../../../lib/api-client';
import { DATA_SYNC_KEY } from './query-keys';

/** Creates a schedule, or edits one when it carries its id. */
export const saveSchedule = (input: TScheduleInput) =>
  api.post('/api/data-sync/schedule', ZScheduleInput.parse(input), { schema: ZScheduleResponse });

export const useSaveSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    retry: false,
    // Schedules and the scheduler's upcoming runs both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATA_SYNC_KEY }),
  });
};
