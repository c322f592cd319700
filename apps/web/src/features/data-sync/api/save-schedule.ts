import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZScheduleInput,
  ZScheduleResponse,
  type TScheduleInput,
} from '@portal/domain/data-sync-schedule-api';
import { api } from '../../../lib/api-client';
import { DATA_SYNC_KEY } from './query-keys';

/** Creates a schedule (POST /schedule), or edits the one whose id it carries (PUT by id). */
export const saveSchedule = (input: TScheduleInput) => {
  const { id, ...fields } = ZScheduleInput.parse(input);
  return id === undefined
    ? api.post('/api/data-sync/schedule', fields, { schema: ZScheduleResponse })
    : api.put(`/api/data-sync/schedules/${encodeURIComponent(id)}`, fields, {
        schema: ZScheduleResponse,
      });
};

export const useSaveSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    retry: false,
    // Schedules and the scheduler's upcoming runs both change; a refusal (a schedule
    // deleted meanwhile) shows its message over the list as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATA_SYNC_KEY }),
  });
};
