import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSchedulesResponse, type TSchedule } from '@portal/domain/data-sync-schedule-api';
import { api } from '../../../lib/api-client';
import { DATA_SYNC_KEY } from './query-keys';

/** The whole list resubmitted: the spec deletes a schedule by leaving it out. */
export const saveSchedules = (schedules: readonly TSchedule[]) =>
  api.post(
    '/api/data-sync/schedules',
    {
      schedules: schedules.map(({ id, group_id, schedule, enabled }) => ({
        id,
        group_id,
        schedule,
        enabled,
      })),
    },
    { schema: ZSchedulesResponse },
  );

/** Deletes one schedule by resubmitting every other one as read. */
export const useDeleteSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ all, id }: { all: readonly TSchedule[]; id: string }) =>
      saveSchedules(all.filter((schedule) => schedule.id !== id)),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATA_SYNC_KEY }),
  });
};
