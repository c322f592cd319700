import {
  EMAIL_FREQUENCIES,
  EMAIL_FREQUENCY_LABELS,
  NOTIFICATION_KIND_HINTS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_LIMITS,
  type TKindSetting,
  type TNotificationKind,
} from '@portal/domain/notifications-api';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field, Label } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';

type TProps = {
  kind: TNotificationKind;
  setting: TKindSetting;
  onChange: (setting: TKindSetting) => void;
  disabled: boolean;
  /** For 'waiting': the threshold in days, as typed, and its error. */
  waitingDays?: { value: string; error: string | undefined; onChange: (value: string) => void };
};

/**
 * One kind of notification: in the portal or not, how it is emailed, and for 'waiting' its
 * threshold. A fieldset named by the kind, so 'In the portal' and 'Email' are told apart.
 */
export const KindSettings = ({ kind, setting, onChange, disabled, waitingDays }: TProps) => {
  const id = `notify-${kind}`;
  const { min, max } = NOTIFICATION_LIMITS.waitingDays;
  return (
    <fieldset
      aria-describedby={`${id}-hint`}
      className="rounded-lg border border-slate-200 p-3"
      data-testid={`notification-kind-${kind}`}
    >
      {/* Floated, the legend sits inside the box rather than on its border. */}
      <Label asChild className="float-left mb-0 w-full font-semibold text-slate-900">
        <legend>{NOTIFICATION_KIND_LABELS[kind]}</legend>
      </Label>
      <p id={`${id}-hint`} className="clear-left mb-3 text-sm text-slate-600">
        {NOTIFICATION_KIND_HINTS[kind]}
      </p>
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <Checkbox
          id={`${id}-in-app`}
          label="In the portal"
          checked={setting.in_app}
          disabled={disabled}
          className="sm:mb-2.5"
          onCheckedChange={(checked) => onChange({ ...setting, in_app: checked === true })}
        />
        <Field id={`${id}-email`} label="Email">
          {(control) => (
            <Select
              {...control}
              value={setting.email}
              disabled={disabled}
              onChange={(event) =>
                onChange({
                  ...setting,
                  email:
                    EMAIL_FREQUENCIES.find((frequency) => frequency === event.target.value) ??
                    setting.email,
                })
              }
            >
              {EMAIL_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {EMAIL_FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {waitingDays && (
          <Field
            id="notify-waiting-days"
            label="Days in one status"
            hint={`More than this many days, ${min} to ${max}.`}
            error={waitingDays.error}
            className="sm:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step={1}
                required
                className="w-28"
                disabled={disabled}
                value={waitingDays.value}
                onChange={(event) => waitingDays.onChange(event.target.value)}
              />
            )}
          </Field>
        )}
      </div>
    </fieldset>
  );
};
