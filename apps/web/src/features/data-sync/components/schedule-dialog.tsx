import { useId, useState } from 'react';
import { INTERVAL_UNITS, WEEKDAYS } from '@portal/domain/data-sync-schedule-api';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useSyncGroups } from '../api/get-sync-groups';
import { useSaveSchedule } from '../api/save-schedule';
import {
  parseScheduleForm,
  type TScheduleForm,
  type TScheduleFormErrors,
} from '../lib/schedule-form';
import { ScheduleTimes } from './schedule-times';

const DAY_NAMES = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const Error = ({ id, text }: { id: string; text: string | undefined }) =>
  text ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {text}
    </p>
  ) : null;

/** Create or edit a schedule, checked as the server checks it before anything is sent. */
export const ScheduleDialog = ({
  initial,
  onClose,
}: {
  initial: TScheduleForm;
  onClose: () => void;
}) => {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<TScheduleFormErrors>({});
  const groups = useSyncGroups();
  const save = useSaveSchedule();
  const id = useId();
  const set = (patch: Partial<TScheduleForm>) => setForm((current) => ({ ...current, ...patch }));
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const parsed = parseScheduleForm(form);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (parsed.ok) {
      save.mutate(parsed.input, { onSuccess: onClose });
    }
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={form.id ? 'Edit Schedule' : 'Create Schedule'}
      size="md"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {save.isError && (
          <Alert tone="error">
            {save.error.message
              ? `Error saving schedule: ${save.error.message}`
              : 'Failed to save schedule'}
          </Alert>
        )}
        <div>
          <Label htmlFor={`${id}-group`}>Sync group</Label>
          <Select
            id={`${id}-group`}
            value={form.group_id}
            disabled={Boolean(form.id)}
            aria-invalid={errors.group_id ? true : undefined}
            aria-describedby={errors.group_id ? `${id}-group-error` : undefined}
            onChange={(event) => set({ group_id: event.target.value })}
          >
            <option value="">Select a sync group</option>
            {(groups.data?.groups ?? []).map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </Select>
          <Error id={`${id}-group-error`} text={errors.group_id} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <Label htmlFor={`${id}-unit`}>Repeat</Label>
            <Select
              id={`${id}-unit`}
              value={form.interval_unit}
              onChange={(event) =>
                set({ interval_unit: event.target.value as TScheduleForm['interval_unit'] })
              }
            >
              {INTERVAL_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit === 'daily' ? 'Daily' : `Every n ${unit}`}
                </option>
              ))}
            </Select>
          </div>
          {form.interval_unit !== 'daily' && (
            <div>
              <Label htmlFor={`${id}-interval`}>Interval ({form.interval_unit})</Label>
              <Input
                id={`${id}-interval`}
                type="number"
                min={1}
                max={form.interval_unit === 'hours' ? 24 : 1440}
                value={form.interval}
                aria-invalid={errors.interval ? true : undefined}
                aria-describedby={errors.interval ? `${id}-interval-error` : undefined}
                onChange={(event) => set({ interval: event.target.value })}
              />
            </div>
          )}
        </div>
        <Error id={`${id}-interval-error`} text={errors.interval} />
        <ScheduleTimes form={form} set={set} error={errors.times} />
        <fieldset aria-describedby={errors.days ? `${id}-days-error` : undefined}>
          <Label asChild>
            <legend>Days of the week</legend>
          </Label>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAYS.map((day) => (
              <Checkbox
                key={day}
                label={DAY_NAMES[day]}
                checked={form.days.includes(day)}
                onCheckedChange={(checked) =>
                  set({
                    days:
                      checked === true ? [...form.days, day] : form.days.filter((d) => d !== day),
                  })
                }
              />
            ))}
          </div>
          <Error id={`${id}-days-error`} text={errors.days} />
        </fieldset>
        <Checkbox
          label="Enabled"
          checked={form.enabled}
          onCheckedChange={(checked) => set({ enabled: checked === true })}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Schedule'}
          </Button>
        </div>
      </form>
    </Modal>
  );
};
