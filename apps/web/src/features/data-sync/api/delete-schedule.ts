import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZScheduleDeleteResponse } from '@portal/domain/data-sync-schedule-api';
import { api } from '../../../lib/api-client';
import { DATA_SYNC_KEY } from './query-keys';

/** Deletes one schedule by its id; the others stay as they are, whoever saved them. */
export const deleteSchedule = (id: string) =>
  api.delete(`/api/data-sync/schedules/${encodeURIComponent(id)}`, {
    schema: ZScheduleDeleteResponse,
  });

export const useDeleteSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    retry: false,
    // Reloaded whatever the answer: a 404 means someone else deleted it first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATA_SYNC_KEY }),
  });
};
