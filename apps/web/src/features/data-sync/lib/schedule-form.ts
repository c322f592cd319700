import {
  DEFAULT_SCHEDULE,
  GROUP_SCHEDULE_DEFAULT,
  ZScheduleInput,
  type TIntervalUnit,
  type TSchedule,
  type TScheduleSpec,
  type TWeekday,
} from '@portal/domain/data-sync-schedule-api';

/** The create/edit schedule dialog's fields; the interval stays text while typed. */
export type TScheduleForm = {
  id?: string;
  group_id: string;
  enabled: boolean;
  days: TWeekday[];
  interval: string;
  interval_unit: TIntervalUnit;
  start_time: string;
  end_time: string;
  time: string;
};

export type TScheduleFormErrors = Partial<
  Record<'group_id' | 'interval' | 'days' | 'times', string>
>;

const fromSpec = (spec: TScheduleSpec, groupId: string, enabled: boolean, id?: string) => ({
  ...(id ? { id } : {}),
  group_id: groupId,
  enabled,
  days: [...spec.days],
  interval: String(spec.interval),
  interval_unit: spec.interval_unit,
  start_time: spec.start_time,
  end_time: spec.end_time,
  time: spec.time,
});

/** A new schedule: the spec's default (every 15 minutes, 00:00-23:59, all seven days). */
export const newScheduleForm = (groupId = ''): TScheduleForm =>
  fromSpec(DEFAULT_SCHEDULE, groupId, true);

/** A group card's Schedule button: the group schedule default, 00:00 on Mon, Wed and Fri. */
export const groupScheduleForm = (groupId: string): TScheduleForm =>
  fromSpec(GROUP_SCHEDULE_DEFAULT, groupId, true);

export const editScheduleForm = (schedule: TSchedule): TScheduleForm =>
  fromSpec(schedule.schedule, schedule.group_id, schedule.enabled, schedule.id);

type TParsed =
  | { ok: true; input: ReturnType<typeof ZScheduleInput.parse> }
  | {
      ok: false;
      errors: TScheduleFormErrors;
    };

/** Validates as the server does (the same zod schema), with the messages per field. */
export const parseScheduleForm = (form: TScheduleForm): TParsed => {
  // A daily schedule has no interval field on screen: whatever was typed before is moot.
  const interval =
    form.interval_unit === 'daily'
      ? 1
      : form.interval.trim() === ''
        ? Number.NaN
        : Number(form.interval);
  const result = ZScheduleInput.safeParse({
    ...(form.id ? { id: form.id } : {}),
    group_id: form.group_id,
    enabled: form.enabled,
    schedule: {
      days: form.days,
      interval,
      interval_unit: form.interval_unit,
      start_time: form.start_time,
      end_time: form.end_time,
      time: form.time,
    },
  });
  if (result.success) {
    return { ok: true, input: result.data };
  }
  const errors: TScheduleFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.at(-1);
    const key =
      field === 'group_id'
        ? 'group_id'
        : field === 'interval'
          ? 'interval'
          : field === 'days'
            ? 'days'
            : 'times';
    // A missing number reads as zod's type message; say what the bound is instead.
    errors[key] ??=
      key === 'interval' && Number.isNaN(interval)
        ? 'The interval must be between 1 and 1440 minutes'
        : issue.message;
  }
  return { ok: false, errors };
};
