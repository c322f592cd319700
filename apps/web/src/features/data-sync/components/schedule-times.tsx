import { useId } from 'react';
import { inputClass, labelClass } from '../../../components/ui/styles';
import type { TScheduleForm } from '../lib/schedule-form';

type TScheduleTimesProps = {
  form: TScheduleForm;
  set: (patch: Partial<TScheduleForm>) => void;
  error: string | undefined;
};

/** The time window of an interval schedule, or the time of a daily one (24-hour clock). */
export const ScheduleTimes = ({ form, set, error }: TScheduleTimesProps) => {
  const id = useId();
  const described = error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {};
  return (
    <div>
      {form.interval_unit === 'daily' ? (
        <div>
          <label htmlFor={`${id}-time`} className={labelClass}>
            Time
          </label>
          <input
            id={`${id}-time`}
            type="time"
            className={inputClass}
            value={form.time}
            onChange={(event) => set({ time: event.target.value })}
            {...described}
          />
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={`${id}-start`} className={labelClass}>
              Start time
            </label>
            <input
              id={`${id}-start`}
              type="time"
              className={inputClass}
              value={form.start_time}
              onChange={(event) => set({ start_time: event.target.value })}
              {...described}
            />
          </div>
          <div>
            <label htmlFor={`${id}-end`} className={labelClass}>
              End time
            </label>
            <input
              id={`${id}-end`}
              type="time"
              className={inputClass}
              value={form.end_time}
              onChange={(event) => set({ end_time: event.target.value })}
              {...described}
            />
          </div>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
};
