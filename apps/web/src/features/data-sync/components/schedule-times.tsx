import { useId } from 'react';
import { Label } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
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
          <Label htmlFor={`${id}-time`}>Time</Label>
          <Input
            id={`${id}-time`}
            type="time"
            value={form.time}
            onChange={(event) => set({ time: event.target.value })}
            {...described}
          />
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <div>
            <Label htmlFor={`${id}-start`}>Start time</Label>
            <Input
              id={`${id}-start`}
              type="time"
              value={form.start_time}
              onChange={(event) => set({ start_time: event.target.value })}
              {...described}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-end`}>End time</Label>
            <Input
              id={`${id}-end`}
              type="time"
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
